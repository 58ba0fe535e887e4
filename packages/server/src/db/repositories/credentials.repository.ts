import type { Kysely } from 'kysely'
import type { CredentialRow, Database } from '../tables.js'
import { workspaceRepository, type WorkspaceScope } from '../workspace-repository.js'

/** Credentials of the caller's workspace: find, insert, update and remove by id. */
export const credentialsRepository = (db: Kysely<Database>) => workspaceRepository(db, 'credentials')

/** The workspace's credentials, of the given types when some are named, by name. */
export function listCredentialsByTypes(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  types: readonly string[],
): Promise<CredentialRow[]> {
  let query = db.selectFrom('credentials').selectAll().where('workspace_id', '=', scope.workspaceId)
  if (types.length > 0) query = query.where('credential_name', 'in', types)
  return query.orderBy('name').orderBy('id').execute()
}
