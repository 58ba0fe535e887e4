import type { Kysely } from 'kysely'
import type { Database, FeedbackRow } from '../tables.js'
import { workspaceRepository, type WorkspaceScope } from '../workspace-repository.js'

/** Feedback of the caller's workspace: find, insert, update and remove by id. */
export const feedbackRepository = (db: Kysely<Database>) => workspaceRepository(db, 'chat_feedback')

export interface FeedbackFilter {
  chatId?: string | undefined
  order?: 'ASC' | 'DESC' | undefined
  /** ISO-8601 bounds on created_at, inclusive. */
  startDate?: string | undefined
  endDate?: string | undefined
}

/** The flow's feedback matching the filter, oldest first unless DESC is asked. */
export function listFeedback(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  flowId: string,
  filter: FeedbackFilter = {},
): Promise<FeedbackRow[]> {
  let query = db
    .selectFrom('chat_feedback')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('chatflow_id', '=', flowId)
  if (filter.chatId !== undefined) query = query.where('chat_id', '=', filter.chatId)
  if (filter.startDate !== undefined) query = query.where('created_at', '>=', filter.startDate)
  if (filter.endDate !== undefined) query = query.where('created_at', '<=', filter.endDate)
  const direction = filter.order === 'DESC' ? 'desc' : 'asc'
  return query.orderBy('created_at', direction).orderBy('id', direction).execute()
}

/** The feedback already given on one answer: there is at most one. */
export function findFeedbackOfMessage(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  messageId: string,
): Promise<FeedbackRow | undefined> {
  return db
    .selectFrom('chat_feedback')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('message_id', '=', messageId)
    .executeTakeFirst()
}

/** Feedback found by id alone, for the chatbot that sent it: its flow then decides who may change it. */
export function findFeedbackOfAnyWorkspace(db: Kysely<Database>, id: string): Promise<FeedbackRow | undefined> {
  return db.selectFrom('chat_feedback').selectAll().where('id', '=', id).executeTakeFirst()
}
