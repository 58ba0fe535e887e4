import type { Kysely, Selectable } from 'kysely'
import type { Database, UpsertHistoryTable } from '../tables.js'
import type { WorkspaceScope } from '../workspace-repository.js'

export type UpsertHistoryRow = Selectable<UpsertHistoryTable>

export async function insertUpsertHistory(db: Kysely<Database>, row: UpsertHistoryRow): Promise<void> {
  await db.insertInto('upsert_history').values(row).execute()
}

/** A flow's upserts in the workspace, oldest first unless `descending`, within the given times. */
export function listUpsertHistory(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  flowId: string,
  filter: { descending: boolean; from?: string | undefined; to?: string | undefined },
): Promise<UpsertHistoryRow[]> {
  let query = db
    .selectFrom('upsert_history')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('flow_id', '=', flowId)
  if (filter.from) query = query.where('created_at', '>=', filter.from)
  if (filter.to) query = query.where('created_at', '<=', filter.to)
  const order = filter.descending ? 'desc' : 'asc'
  return query.orderBy('created_at', order).orderBy('id', order).execute()
}
