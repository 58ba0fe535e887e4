import type { Kysely } from 'kysely'
import type { Database, DocumentStoreUpsertRow } from '../tables.js'
import type { WorkspaceScope } from '../workspace-repository.js'

// The record manager's rows (which vectors a store's upserts wrote) and the upserts' history.

/** The vector ids the store's upserts wrote, with their loader: only that loader's when given. */
export async function listRecords(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  storeId: string,
  loaderId?: string,
): Promise<{ vector_id: string; loader_id: string }[]> {
  let query = db
    .selectFrom('document_store_records')
    .select(['vector_id', 'loader_id'])
    .where('workspace_id', '=', scope.workspaceId)
    .where('store_id', '=', storeId)
  if (loaderId !== undefined) query = query.where('loader_id', '=', loaderId)
  return query.execute()
}

/** Whether the store's upserts wrote any vector that is still kept. */
export async function hasRecords(db: Kysely<Database>, scope: WorkspaceScope, storeId: string): Promise<boolean> {
  const row = await db
    .selectFrom('document_store_records')
    .select('vector_id')
    .where('workspace_id', '=', scope.workspaceId)
    .where('store_id', '=', storeId)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** Notes vectors as written (those already noted are left as they are). */
export async function addRecords(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  storeId: string,
  records: readonly { vectorId: string; loaderId: string }[],
): Promise<void> {
  if (records.length === 0) return
  const upserted_at = new Date().toISOString()
  await db
    .insertInto('document_store_records')
    .values(
      records.map((record) => ({
        store_id: storeId,
        vector_id: record.vectorId,
        workspace_id: scope.workspaceId,
        loader_id: record.loaderId,
        upserted_at,
      })),
    )
    .onConflict((conflict) => conflict.columns(['store_id', 'vector_id']).doNothing())
    .execute()
}

export async function deleteRecords(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  storeId: string,
  vectorIds?: readonly string[],
): Promise<void> {
  if (vectorIds?.length === 0) return
  let query = db
    .deleteFrom('document_store_records')
    .where('workspace_id', '=', scope.workspaceId)
    .where('store_id', '=', storeId)
  if (vectorIds) query = query.where('vector_id', 'in', vectorIds)
  await query.execute()
}

export async function insertUpsert(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  row: Omit<DocumentStoreUpsertRow, 'workspace_id'>,
): Promise<void> {
  await db
    .insertInto('document_store_upserts')
    .values({ ...row, workspace_id: scope.workspaceId })
    .execute()
}

export async function setUpsertResult(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  jobId: string,
  result: string,
): Promise<void> {
  await db
    .updateTable('document_store_upserts')
    .set({ result })
    .where('workspace_id', '=', scope.workspaceId)
    .where('job_id', '=', jobId)
    .execute()
}

/** The store's upserts, newest first, with their job's status and error. */
export function listUpserts(db: Kysely<Database>, scope: WorkspaceScope, storeId: string, limit: number) {
  return db
    .selectFrom('document_store_upserts as u')
    .innerJoin('document_store_jobs as j', 'j.id', 'u.job_id')
    .select([
      'u.id',
      'u.store_id',
      'u.job_id',
      'u.embedding_name',
      'u.vector_store_name',
      'u.result',
      'u.created_at',
      'j.status',
      'j.error',
    ])
    .where('u.workspace_id', '=', scope.workspaceId)
    .where('u.store_id', '=', storeId)
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit)
    .execute()
}
