import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { Database, DocumentStoreChunkRow } from '../tables.js'
import type { WorkspaceScope } from '../workspace-repository.js'

/** A chunk as processing makes it. */
export interface NewChunk {
  pageContent: string
  metadata: Record<string, unknown>
}

/** Rows per insert: 7 values each stays far under the bound-parameter limits of SQLite and PostgreSQL. */
export const CHUNK_BATCH = 500

/**
 * Replaces the loader's chunks with `chunks`, numbered from 0, in batches; after each batch
 * `afterBatch` hears how many are written (it may throw to stop). Meant to run inside a transaction
 * the caller opens, so the old chunks stay until the new ones are all written.
 */
export async function replaceLoaderChunks(
  trx: Kysely<Database>,
  scope: WorkspaceScope,
  target: { storeId: string; loaderId: string },
  chunks: readonly NewChunk[],
  afterBatch: (written: number) => Promise<void> = async () => {},
): Promise<void> {
  await trx
    .deleteFrom('document_store_chunks')
    .where('workspace_id', '=', scope.workspaceId)
    .where('loader_id', '=', target.loaderId)
    .execute()
  for (let start = 0; start < chunks.length; start += CHUNK_BATCH) {
    const rows = chunks.slice(start, start + CHUNK_BATCH).map((chunk, index) => ({
      id: randomUUID(),
      store_id: target.storeId,
      loader_id: target.loaderId,
      workspace_id: scope.workspaceId,
      chunk_no: start + index,
      page_content: chunk.pageContent,
      metadata: JSON.stringify(chunk.metadata),
    }))
    await trx.insertInto('document_store_chunks').values(rows).execute()
    await afterBatch(start + rows.length)
  }
}

/** `%` and `_` match themselves in a search, not any text. */
const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The loader's chunks, filtered case-insensitively by content when `search` is given. */
const loaderChunks = (db: Kysely<Database>, scope: WorkspaceScope, loaderId: string, search: string | undefined) =>
  db
    .selectFrom('document_store_chunks')
    .where('workspace_id', '=', scope.workspaceId)
    .where('loader_id', '=', loaderId)
    .$if(search !== undefined && search !== '', (q) =>
      q.where(sql<boolean>`lower(page_content) like ${likePattern(search!)} escape '\\'`),
    )

/** One page of the loader's chunks in order, and how many match in all. */
export async function pageLoaderChunks(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  loaderId: string,
  page: { offset: number; limit: number; search?: string | undefined },
): Promise<{ rows: DocumentStoreChunkRow[]; count: number }> {
  const rows = await loaderChunks(db, scope, loaderId, page.search)
    .selectAll()
    .orderBy('chunk_no')
    .offset(page.offset)
    .limit(page.limit)
    .execute()
  const { count } = await loaderChunks(db, scope, loaderId, page.search)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return { rows, count: Number(count) }
}

/** How many chunks the loader has and how many characters they hold. */
export async function loaderChunkTotals(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  loaderId: string,
): Promise<{ chunks: number; chars: number }> {
  const totals = await loaderChunks(db, scope, loaderId, undefined)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('chunks'),
      eb.fn.sum<number | string | null>(eb.fn('length', ['page_content'])).as('chars'),
    ])
    .executeTakeFirstOrThrow()
  return { chunks: Number(totals.chunks), chars: Number(totals.chars ?? 0) }
}

/** One chunk, only when it belongs to that loader of the workspace. */
export function findLoaderChunk(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  loaderId: string,
  chunkId: string,
): Promise<DocumentStoreChunkRow | undefined> {
  return db
    .selectFrom('document_store_chunks')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('loader_id', '=', loaderId)
    .where('id', '=', chunkId)
    .executeTakeFirst()
}

export async function updateLoaderChunk(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  loaderId: string,
  chunkId: string,
  changes: { page_content: string; metadata: string },
): Promise<boolean> {
  const result = await db
    .updateTable('document_store_chunks')
    .set(changes)
    .where('workspace_id', '=', scope.workspaceId)
    .where('loader_id', '=', loaderId)
    .where('id', '=', chunkId)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export async function deleteLoaderChunk(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  loaderId: string,
  chunkId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('document_store_chunks')
    .where('workspace_id', '=', scope.workspaceId)
    .where('loader_id', '=', loaderId)
    .where('id', '=', chunkId)
    .executeTakeFirst()
  return result.numDeletedRows > 0n
}

/** The next chunks of the store (or of one loader) after `after`, in loader then chunk order: for reading all of them in pages. */
export function nextStoreChunks(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  of: { storeId: string; loaderId?: string | undefined },
  after: { loaderId: string; chunkNo: number } | undefined,
  limit: number,
): Promise<DocumentStoreChunkRow[]> {
  let query = db
    .selectFrom('document_store_chunks')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('store_id', '=', of.storeId)
  if (of.loaderId !== undefined) query = query.where('loader_id', '=', of.loaderId)
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('loader_id', '>', after.loaderId),
        eb.and([eb('loader_id', '=', after.loaderId), eb('chunk_no', '>', after.chunkNo)]),
      ]),
    )
  }
  return query.orderBy('loader_id').orderBy('chunk_no').limit(limit).execute()
}

/** The ids of the workspace's stores that hold at least one chunk. */
export async function storeIdsWithChunks(db: Kysely<Database>, scope: WorkspaceScope): Promise<Set<string>> {
  const rows = await db
    .selectFrom('document_store_chunks')
    .select('store_id')
    .distinct()
    .where('workspace_id', '=', scope.workspaceId)
    .execute()
  return new Set(rows.map((row) => row.store_id))
}
