import type { ExpressionBuilder, Kysely } from 'kysely'
import type { ChatSource, ChatType } from '@weft/core'
import type { ChatMessageRow, ChatMessageRowUpdate, Database, NewChatMessageRow } from '../tables.js'
import type { WorkspaceScope } from '../workspace-repository.js'

export interface ChatMessageFilter {
  chatId?: string | undefined
  sessionId?: string | undefined
  chatTypes?: ChatType[] | undefined
  sources?: ChatSource[] | undefined
  order?: 'ASC' | 'DESC' | undefined
  /** ISO-8601 bounds on created_at, inclusive. */
  startDate?: string | undefined
  endDate?: string | undefined
}

export async function insertChatMessages(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  rows: Omit<NewChatMessageRow, 'workspace_id'>[],
): Promise<void> {
  if (rows.length === 0) return
  await db
    .insertInto('chat_messages')
    .values(rows.map((row) => ({ ...row, workspace_id: scope.workspaceId })))
    .execute()
}

/** Changes one stored message of the workspace, found by id (a run's question or answer as it ends). */
export async function updateChatMessage(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  id: string,
  changes: ChatMessageRowUpdate,
): Promise<void> {
  await db
    .updateTable('chat_messages')
    .set(changes)
    .where('workspace_id', '=', scope.workspaceId)
    .where('id', '=', id)
    .execute()
}

/**
 * Marks the exchanges still `inProgress` that started before `startedBefore` (all of them when it is
 * not given) as `interrupted`, in all workspaces. Answers get `answerText`; answers how many were marked.
 */
export async function interruptUnfinishedExchanges(
  db: Kysely<Database>,
  answerText: string,
  startedBefore?: string,
): Promise<number> {
  let answers = db
    .updateTable('chat_messages')
    .set({ status: 'interrupted', content: answerText })
    .where('status', '=', 'inProgress')
    .where('role', '=', 'apiMessage')
  let questions = db.updateTable('chat_messages').set({ status: 'interrupted' }).where('status', '=', 'inProgress')
  if (startedBefore !== undefined) {
    answers = answers.where('created_at', '<', startedBefore)
    questions = questions.where('created_at', '<', startedBefore)
  }
  const marked = await answers.executeTakeFirst()
  await questions.execute()
  return Number(marked.numUpdatedRows)
}

/** The condition selecting the flow's messages that match the filter; listing and deleting share it. */
const matching =
  (scope: WorkspaceScope, flowId: string, filter: ChatMessageFilter) =>
  (eb: ExpressionBuilder<Database, 'chat_messages'>) => {
    const conditions = [eb('workspace_id', '=', scope.workspaceId), eb('chatflow_id', '=', flowId)]
    if (filter.chatId !== undefined) conditions.push(eb('chat_id', '=', filter.chatId))
    if (filter.sessionId !== undefined) conditions.push(eb('session_id', '=', filter.sessionId))
    if (filter.chatTypes?.length) conditions.push(eb('chat_type', 'in', filter.chatTypes))
    if (filter.sources?.length) {
      const stored = eb('source', 'in', filter.sources)
      // Canvas rows stored before the column existed are `ui` too (see toChatMessage).
      const oldCanvas = eb.and([eb('source', 'is', null), eb('chat_type', '=', 'INTERNAL')])
      conditions.push(filter.sources.includes('ui') ? eb.or([stored, oldCanvas]) : stored)
    }
    if (filter.startDate !== undefined) conditions.push(eb('created_at', '>=', filter.startDate))
    if (filter.endDate !== undefined) conditions.push(eb('created_at', '<=', filter.endDate))
    return eb.and(conditions)
  }

/** The flow's messages matching the filter, oldest first unless DESC is asked. */
export function listChatMessages(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  flowId: string,
  filter: ChatMessageFilter = {},
): Promise<ChatMessageRow[]> {
  const direction = filter.order === 'DESC' ? 'desc' : 'asc'
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where(matching(scope, flowId, filter))
    .orderBy('created_at', direction)
    .orderBy('role', direction === 'asc' ? 'desc' : 'asc')
    .execute()
}

/**
 * The last `limit` messages of a session, oldest first: what a memory node remembers. Only complete
 * exchanges count (not the run asking, nor one stopped or failed). Within one millisecond the
 * question ('userMessage') sorts before its answer ('apiMessage').
 */
export async function recentSessionMessages(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  flowId: string,
  sessionId: string,
  limit?: number,
): Promise<ChatMessageRow[]> {
  let query = db
    .selectFrom('chat_messages')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('chatflow_id', '=', flowId)
    .where('session_id', '=', sessionId)
    .where('status', '=', 'complete')
    .orderBy('created_at', 'desc')
    .orderBy('role', 'asc')
  if (limit !== undefined) query = query.limit(limit)
  return (await query.execute()).reverse()
}

export async function findChatMessage(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  id: string,
): Promise<ChatMessageRow | undefined> {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/**
 * Removes the flow's messages matching the filter (all of them for an empty one); their feedback
 * goes with them (the foreign key cascades). Answers how many messages went.
 */
export async function deleteChatMessages(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  flowId: string,
  filter: ChatMessageFilter = {},
): Promise<number> {
  const result = await db
    .deleteFrom('chat_messages')
    .where(matching(scope, flowId, filter))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** The chats of a flow that still hold a message with kept files (images sent with a question). */
export async function listChatsWithFiles(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  flowId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .select('chat_id')
    .distinct()
    .where(matching(scope, flowId, {}))
    .where('file_uploads', 'is not', null)
    .execute()
  return rows.map((row) => row.chat_id)
}

/** Ids per statement: well under the bound-parameter limits of SQLite and PostgreSQL. */
const DELETE_BATCH = 500

/** Removes the flow's messages with these ids, with their feedback, all or none; answers how many went. */
export async function deleteChatMessagesById(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  flowId: string,
  ids: readonly string[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let deleted = 0
    for (let start = 0; start < ids.length; start += DELETE_BATCH) {
      const batch = ids.slice(start, start + DELETE_BATCH)
      const result = await trx
        .deleteFrom('chat_messages')
        .where(matching(scope, flowId, {}))
        .where('id', 'in', batch)
        .executeTakeFirst()
      deleted += Number(result.numDeletedRows)
    }
    return deleted
  })
}
