import type { Kysely } from 'kysely'
import type { Database, DocumentStoreFileRow } from '../tables.js'
import type { WorkspaceScope } from '../workspace-repository.js'

/** A stored file without its content: what lists show. */
export type FileListRow = Omit<DocumentStoreFileRow, 'content'>

// Lists never read the content: it is the whole file, and only loading needs it.
const LISTED_COLUMNS = ['id', 'store_id', 'loader_id', 'workspace_id', 'name', 'mime', 'size', 'created_at'] as const

export async function insertStoreFile(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  row: Omit<DocumentStoreFileRow, 'workspace_id'>,
): Promise<void> {
  await db
    .insertInto('document_store_files')
    .values({ ...row, workspace_id: scope.workspaceId })
    .execute()
}

/** The files of these stores of the workspace, without content, oldest first. */
export function listStoreFiles(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  storeIds: readonly string[],
): Promise<FileListRow[]> {
  if (storeIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('document_store_files')
    .select(LISTED_COLUMNS)
    .where('workspace_id', '=', scope.workspaceId)
    .where('store_id', 'in', storeIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** Those of the ids that name files of this store of the workspace, with their content. */
export function findStoreFilesWithContent(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  storeId: string,
  ids: readonly string[],
): Promise<DocumentStoreFileRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('document_store_files')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('store_id', '=', storeId)
    .where('id', 'in', ids)
    .execute()
}

/**
 * Makes `ids` exactly the loader's files: they are given to it, and the files it had that are not
 * among them are deleted (nothing else reads them).
 */
export async function setLoaderFiles(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  loaderId: string,
  ids: readonly string[],
): Promise<void> {
  let dropped = db
    .deleteFrom('document_store_files')
    .where('workspace_id', '=', scope.workspaceId)
    .where('loader_id', '=', loaderId)
  if (ids.length > 0) dropped = dropped.where('id', 'not in', ids)
  await dropped.execute()
  if (ids.length === 0) return
  await db
    .updateTable('document_store_files')
    .set({ loader_id: loaderId })
    .where('workspace_id', '=', scope.workspaceId)
    .where('id', 'in', ids)
    .execute()
}
