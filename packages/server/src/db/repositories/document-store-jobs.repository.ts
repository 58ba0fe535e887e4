import type { Kysely } from 'kysely'
import type { DocumentStoreJob } from '@weft/core'
import type { Database, DocumentStoreJobRow } from '../tables.js'
import type { WorkspaceScope } from '../workspace-repository.js'

type JobStatus = DocumentStoreJob['status']
type JobChanges = Partial<Pick<DocumentStoreJobRow, 'status' | 'done' | 'total' | 'error'>>

/** The statuses of a job that is not over: a server is (or was) working on it. */
export const UNFINISHED_JOB_STATUSES: readonly JobStatus[] = ['queued', 'running']

export async function insertJob(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  row: Omit<DocumentStoreJobRow, 'workspace_id'>,
): Promise<void> {
  await db
    .insertInto('document_store_jobs')
    .values({ ...row, workspace_id: scope.workspaceId })
    .execute()
}

export function findJob(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  id: string,
): Promise<DocumentStoreJobRow | undefined> {
  return db
    .selectFrom('document_store_jobs')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** The store's newest jobs, newest first. */
export function listStoreJobs(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  storeId: string,
  limit: number,
): Promise<DocumentStoreJobRow[]> {
  return db
    .selectFrom('document_store_jobs')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('store_id', '=', storeId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** A job of the store (or only of one of its loaders) that is not over, if any. */
export function findUnfinishedJob(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  of: { storeId: string; loaderId?: string; kind?: DocumentStoreJob['kind'] },
): Promise<DocumentStoreJobRow | undefined> {
  return db
    .selectFrom('document_store_jobs')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('store_id', '=', of.storeId)
    .$if(of.loaderId !== undefined, (q) => q.where('loader_id', '=', of.loaderId!))
    .$if(of.kind !== undefined, (q) => q.where('kind', '=', of.kind!))
    .where('status', 'in', UNFINISHED_JOB_STATUSES)
    .executeTakeFirst()
}

/**
 * Changes a job of the workspace, only while its status is one of `whileIn` when given (so a job
 * cancelled meanwhile is not marked done); answers whether it changed.
 */
export async function updateJob(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  id: string,
  changes: JobChanges,
  whileIn?: readonly JobStatus[],
): Promise<boolean> {
  let query = db
    .updateTable('document_store_jobs')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('workspace_id', '=', scope.workspaceId)
    .where('id', '=', id)
  if (whileIn) query = query.where('status', 'in', whileIn)
  const result = await query.executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** A job a stopped server left unfinished, found across workspaces. */
export type UnfinishedJob = Pick<DocumentStoreJobRow, 'id' | 'workspace_id' | 'store_id' | 'loader_id'>

/** Unfinished jobs last written before `writtenBefore` (all of them when it is not given), in all workspaces. */
export function findUnfinishedJobs(db: Kysely<Database>, writtenBefore?: string): Promise<UnfinishedJob[]> {
  return db
    .selectFrom('document_store_jobs')
    .select(['id', 'workspace_id', 'store_id', 'loader_id'])
    .where('status', 'in', UNFINISHED_JOB_STATUSES)
    .$if(writtenBefore !== undefined, (q) => q.where('updated_at', '<', writtenBefore!))
    .execute()
}

/** The store's newest upsert job, if any. */
export function latestUpsertJob(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  storeId: string,
): Promise<DocumentStoreJobRow | undefined> {
  return db
    .selectFrom('document_store_jobs')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('store_id', '=', storeId)
    .where('kind', '=', 'upsert')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
}
