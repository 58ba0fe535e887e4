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
