import type { Kysely } from 'kysely'
import type { AssistantType } from '@weft/core'
import type { AssistantRow, Database } from '../tables.js'
import { workspaceRepository, type WorkspaceScope } from '../workspace-repository.js'

/** Assistants of the caller's workspace: find, insert, update and remove by id. */
export const assistantsRepository = (db: Kysely<Database>) => workspaceRepository(db, 'assistants')

/** The workspace's assistants of one type (all when none is given), most recently changed first. */
export function listAssistantRows(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  type: AssistantType | undefined,
): Promise<AssistantRow[]> {
  let query = db.selectFrom('assistants').selectAll().where('workspace_id', '=', scope.workspaceId)
  if (type) query = query.where('type', '=', type)
  return query.orderBy('updated_at', 'desc').orderBy('id').execute()
}
