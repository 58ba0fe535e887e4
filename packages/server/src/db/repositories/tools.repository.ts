import type { Kysely } from 'kysely'
import type { Database, ToolRow } from '../tables.js'
import { workspaceRepository, type WorkspaceScope } from '../workspace-repository.js'

/** Saved custom tools of the caller's workspace: find, insert, update and remove by id. */
export const toolsRepository = (db: Kysely<Database>) => workspaceRepository(db, 'tools')

/** The workspace's tools, the last changed first (the Tools page shows when each was last updated). */
export function listToolRows(db: Kysely<Database>, scope: WorkspaceScope): Promise<ToolRow[]> {
  return db
    .selectFrom('tools')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .orderBy('updated_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute()
}

/** The workspace's tool of that name, if any: names are what models call tools by, so one per workspace. */
export function findToolRowByName(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  name: string,
): Promise<ToolRow | undefined> {
  return db
    .selectFrom('tools')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('name', '=', name)
    .executeTakeFirst()
}
