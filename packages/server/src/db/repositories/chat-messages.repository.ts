import type { Kysely } from 'kysely'
import type { ChatType } from '@weft/core'
import type { ChatMessageRow, ChatMessageRowUpdate, Database, NewChatMessageRow } from '../tables.js'
import type { WorkspaceScope } from '../workspace-repository.js'

export interface ChatMessageFilter {
  chatId?: string | undefined
  sessionId?: string | undefined
  chatType?: ChatType | undefined
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

/** The flow's messages matching the filter, oldest first unless DESC is asked. */
export function listChatMessages(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  flowId: string,
  filter: ChatMessageFilter = {},
): Promise<ChatMessageRow[]> {
  let query = db
    .selectFrom('chat_messages')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('chatflow_id', '=', flowId)
  if (filter.chatId !== undefined) query = query.where('chat_id', '=', filter.chatId)
  if (filter.sessionId !== undefined) query = query.where('session_id', '=', filter.sessionId)
  if (filter.chatType !== undefined) query = query.where('chat_type', '=', filter.chatType)
  if (filter.startDate !== undefined) query = query.where('created_at', '>=', filter.startDate)
  if (filter.endDate !== undefined) query = query.where('created_at', '<=', filter.endDate)
  const direction = filter.order === 'DESC' ? 'desc' : 'asc'
  return query
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

/** Removes one chat of the flow, or all its messages when no chat is named; answers how many went. */
export async function deleteChatMessages(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  flowId: string,
  chatId?: string,
): Promise<number> {
  let query = db
    .deleteFrom('chat_messages')
    .where('workspace_id', '=', scope.workspaceId)
    .where('chatflow_id', '=', flowId)
  if (chatId !== undefined) query = query.where('chat_id', '=', chatId)
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows)
}
