import type { Kysely } from 'kysely'
import type { Database, FeedbackRow } from '../tables.js'
import { workspaceRepository, type WorkspaceScope } from '../workspace-repository.js'

/** Feedback of the caller's workspace: find, insert, update and remove by id. */
export const feedbackRepository = (db: Kysely<Database>) => workspaceRepository(db, 'chat_feedback')

/** The flow's feedback, oldest first. */
export function listFeedback(db: Kysely<Database>, scope: WorkspaceScope, flowId: string): Promise<FeedbackRow[]> {
  return db
    .selectFrom('chat_feedback')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('chatflow_id', '=', flowId)
    .orderBy('created_at', 'asc')
    .orderBy('id')
    .execute()
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
