import type { Kysely } from 'kysely'
import type { Database, DocumentStoreLoaderRow, DocumentStoreRow } from '../tables.js'
import { workspaceRepository, type WorkspaceScope } from '../workspace-repository.js'

/** Document stores of the caller's workspace: find, insert, update and remove by id. */
export const documentStoresRepository = (db: Kysely<Database>) => workspaceRepository(db, 'document_stores')

/** Loaders of the caller's workspace by id; `findStoreLoader` also checks the store. */
export const documentStoreLoadersRepository = (db: Kysely<Database>) =>
  workspaceRepository(db, 'document_store_loaders')

/** The workspace's stores, newest first. */
export function listStoreRows(db: Kysely<Database>, scope: WorkspaceScope): Promise<DocumentStoreRow[]> {
  return db
    .selectFrom('document_stores')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute()
}

/** The loaders of these stores of the workspace, oldest first (the order they were added in). */
export function listLoaderRows(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  storeIds: readonly string[],
): Promise<DocumentStoreLoaderRow[]> {
  if (storeIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('document_store_loaders')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('store_id', 'in', storeIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** One loader, only when it belongs to that store of the workspace. */
export function findStoreLoader(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  storeId: string,
  loaderId: string,
): Promise<DocumentStoreLoaderRow | undefined> {
  return db
    .selectFrom('document_store_loaders')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('store_id', '=', storeId)
    .where('id', '=', loaderId)
    .executeTakeFirst()
}
