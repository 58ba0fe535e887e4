import type { Kysely } from 'kysely'
import type { Database, LeadRow } from '../tables.js'
import { workspaceRepository, type WorkspaceScope } from '../workspace-repository.js'

/** Leads of the caller's workspace: find and insert by id. */
export const leadsRepository = (db: Kysely<Database>) => workspaceRepository(db, 'leads')

/** The flow's leads, oldest first. */
export function listLeads(db: Kysely<Database>, scope: WorkspaceScope, flowId: string): Promise<LeadRow[]> {
  return db
    .selectFrom('leads')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('chatflow_id', '=', flowId)
    .orderBy('created_at', 'asc')
    .orderBy('id')
    .execute()
}
