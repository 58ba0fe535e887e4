import type { Kysely } from 'kysely'
import type { FlowType } from '@weft/core'
import type { Database, FlowRow } from '../tables.js'
import { workspaceRepository, type WorkspaceScope } from '../workspace-repository.js'

/** Flows of the caller's workspace: find, insert, update and remove by id. */
export const flowsRepository = (db: Kysely<Database>) => workspaceRepository(db, 'flows')

/** The workspace's flows of the given types, most recently changed first. */
export function listFlowsByTypes(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  types: readonly FlowType[],
): Promise<FlowRow[]> {
  if (types.length === 0) return Promise.resolve([])
  return db
    .selectFrom('flows')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('type', 'in', types)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute()
}

/**
 * A flow found by id alone, for the routes a caller reaches without a session (prediction, public
 * chatbot): they learn the workspace from the flow, then check the caller against it.
 */
export function findFlowOfAnyWorkspace(db: Kysely<Database>, id: string): Promise<FlowRow | undefined> {
  return db.selectFrom('flows').selectAll().where('id', '=', id).executeTakeFirst()
}

/** True when the id names an API key of the workspace, so a flow can only be bound to its own workspace's keys. */
export async function isApiKeyOfWorkspace(db: Kysely<Database>, scope: WorkspaceScope, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('api_keys')
    .select('id')
    .where('workspace_id', '=', scope.workspaceId)
    .where('id', '=', id)
    .executeTakeFirst()
  return row !== undefined
}
