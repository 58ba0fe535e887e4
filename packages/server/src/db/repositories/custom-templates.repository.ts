import type { Kysely } from 'kysely'
import type { CustomTemplateRow, Database } from '../tables.js'
import { workspaceRepository, type WorkspaceScope } from '../workspace-repository.js'

/** The workspace's own templates ("My Templates"): find, insert and remove by id. */
export const customTemplatesRepository = (db: Kysely<Database>) => workspaceRepository(db, 'custom_templates')

/** The workspace's templates, newest first. */
export function listCustomTemplateRows(db: Kysely<Database>, scope: WorkspaceScope): Promise<CustomTemplateRow[]> {
  return db
    .selectFrom('custom_templates')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .orderBy('created_at', 'desc')
    .execute()
}
