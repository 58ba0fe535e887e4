import type { Kysely } from 'kysely'
import type { Database } from '../tables.js'
import type { WorkspaceScope } from '../workspace-repository.js'

/** The provider thread kept for a chat session with an assistant of the workspace, if any. */
export async function findAssistantThread(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  assistantId: string,
  sessionId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('assistant_threads')
    .select('thread_id')
    .where('workspace_id', '=', scope.workspaceId)
    .where('assistant_id', '=', assistantId)
    .where('session_id', '=', sessionId)
    .executeTakeFirst()
  return row?.thread_id
}

/** Keeps the session's thread, replacing one kept before (it was deleted at the provider). */
export async function keepAssistantThread(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  assistantId: string,
  sessionId: string,
  threadId: string,
): Promise<void> {
  await db
    .insertInto('assistant_threads')
    .values({
      workspace_id: scope.workspaceId,
      assistant_id: assistantId,
      session_id: sessionId,
      thread_id: threadId,
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['assistant_id', 'session_id']).doUpdateSet({ thread_id: threadId }))
    .execute()
}
