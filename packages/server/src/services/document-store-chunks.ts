import type { SourceDocument } from '@weft/core'
import { markFailure } from '@weft/core'
import type { AppContext } from '../context.js'
import { nextStoreChunks, storeIdsWithChunks } from '../db/repositories/document-store-chunks.repository.js'
import { listStoreRows } from '../db/repositories/document-stores.repository.js'
import { badRequest } from '../http-error.js'
import { readObject, requireStore } from './document-stores.service.js'

// A store's chunks as documents, for the Document Store loader node (Flowise's `documentStore`):
// the chunks its loaders made, in loader then chunk order, whether or not they were upserted.

const PAGE = 1000
/** More than this is a store to search (Document Store (Vector)), not to load whole into one run. */
export const MAX_LOADED_CHUNKS = 50_000

/** Every chunk of the store, or an error naming the store when it has none or too many. */
export async function readStoreChunks(
  ctx: AppContext,
  workspaceId: string,
  storeId: string,
): Promise<SourceDocument[]> {
  const scope = { workspaceId }
  const store = await requireStore(ctx, scope, storeId)
  const documents: SourceDocument[] = []
  let after: { loaderId: string; chunkNo: number } | undefined
  for (;;) {
    const rows = await nextStoreChunks(ctx.db, scope, { storeId }, after, PAGE)
    if (rows.length === 0) break
    for (const row of rows) documents.push({ pageContent: row.page_content, metadata: readObject(row.metadata) ?? {} })
    if (documents.length > MAX_LOADED_CHUNKS) {
      throw markFailure(
        badRequest(
          `Document store "${store.name}" has more than ${MAX_LOADED_CHUNKS} chunks, too many to load into a flow: search it with the Document Store (Vector) node instead.`,
        ),
        'configuration',
      )
    }
    const last = rows[rows.length - 1]!
    after = { loaderId: last.loader_id, chunkNo: last.chunk_no }
  }
  if (documents.length === 0) {
    throw markFailure(
      badRequest(`Document store "${store.name}" has no chunks yet: add a loader and process it first.`),
      'configuration',
    )
  }
  return documents
}

/** Stores of the workspace that hold chunks, for the Document Store loader's picker. */
export async function storesWithChunks(ctx: AppContext, workspaceId: string) {
  const [rows, withChunks] = await Promise.all([
    listStoreRows(ctx.db, { workspaceId }),
    storeIdsWithChunks(ctx.db, { workspaceId }),
  ])
  return rows
    .filter((row) => withChunks.has(row.id))
    .map((row) => ({ id: row.id, name: row.name, description: row.description }))
}
