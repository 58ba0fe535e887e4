import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import { FILE_MAX_MB_LIMIT, fileTypeOf, unreadableFileProblem, type DocumentStoreFile } from '@weft/core'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { insertStoreFile } from '../db/repositories/document-store-files.repository.js'
import { badRequest } from '../http-error.js'
import { FILE_FIELD, readFormFiles } from '../http/multipart-files.js'
import { storeFileLoaders } from './document-store-loading.js'
import { requireStore, scopeOf, toStoreFile } from './document-stores.service.js'

const MB = 1024 * 1024

/** The largest file a store takes: the same bound as a file sent with a question. */
export const STORE_FILE_MAX_BYTES = FILE_MAX_MB_LIMIT * MB

export { FILE_FIELD }

/** A file as it arrived. */
export interface ArrivedFile {
  name: string
  type: string
  bytes: Buffer
}

const sendAsMultipart = `send the file as multipart/form-data in the field "${FILE_FIELD}"`

/** The one file of a multipart/form-data body. */
export async function readUploadedFile(body: unknown, contentType: string | undefined): Promise<ArrivedFile> {
  const files = await readFormFiles(body, contentType, sendAsMultipart)
  if (files.length !== 1) {
    throw badRequest(`body.${FILE_FIELD}: ${files.length === 0 ? 'no file was sent' : 'send one file per request'}`)
  }
  const file = files[0]!
  return {
    name: basename(file.name.replace(/\\/g, '/')).trim(),
    type: file.type,
    bytes: Buffer.from(await file.arrayBuffer()),
  }
}

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`

/** Keeps an uploaded file in the store for its loaders to read; answers it without its content. */
export async function uploadStoreFile(
  ctx: AppContext,
  principal: Principal,
  storeId: string,
  file: ArrivedFile,
): Promise<DocumentStoreFile> {
  const scope = scopeOf(principal)
  await requireStore(ctx, scope, storeId)
  if (file.name === '') throw badRequest(`body.${FILE_FIELD}: the file has no name`)
  if (file.name.length > 255) throw badRequest(`body.${FILE_FIELD}: the file name is longer than 255 characters`)
  if (file.bytes.length === 0) throw badRequest(`${file.name} is empty`)
  if (file.bytes.length > STORE_FILE_MAX_BYTES) {
    throw badRequest(`${file.name} is ${megabytes(file.bytes.length)}; a file may be at most ${FILE_MAX_MB_LIMIT} MB`)
  }
  const unreadable = unreadableFileProblem(file.name, file.type, storeFileLoaders())
  if (unreadable) throw badRequest(unreadable)
  const row = {
    id: randomUUID(),
    store_id: storeId,
    loader_id: null,
    name: file.name,
    mime: fileTypeOf(file.name, file.type) || 'application/octet-stream',
    size: file.bytes.length,
    content: file.bytes.toString('base64'),
    created_at: new Date().toISOString(),
  }
  await insertStoreFile(ctx.db, scope, row)
  return toStoreFile({ ...row, workspace_id: scope.workspaceId })
}
