import type { Kysely } from 'kysely'
import type { Database, VariableRow } from '../tables.js'
import { workspaceRepository, type WorkspaceScope } from '../workspace-repository.js'

/** Variables of the caller's workspace: find, insert, update and remove by id. */
export const variablesRepository = (db: Kysely<Database>) => workspaceRepository(db, 'variables')

/** The workspace's variables by name. */
export function listVariableRows(db: Kysely<Database>, scope: WorkspaceScope): Promise<VariableRow[]> {
  return db.selectFrom('variables').selectAll().where('workspace_id', '=', scope.workspaceId).orderBy('name').execute()
}
