import { basename } from 'node:path'
import { FILE_MAX_MB_LIMIT, type ProviderFile, type ProviderVectorStoreFile } from '@weft/core'
import type { FileToUpload } from '@weft/nodes'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { badRequest } from '../http-error.js'
import { FILE_FIELD, readFormFiles } from '../http/multipart-files.js'
import { STORE_FILE_MAX_BYTES } from './document-store-files.service.js'
import { atProvider, connectProvider } from './provider-connection.js'

// Flowise's helper calls behind the OpenAI and Azure assistant forms: the provider's assistants,
// files and vector stores, reached with a credential of the caller's workspace (`?credential=`).

const CREDENTIAL_FIELD = 'querystring.credential'

/** At most this many files per upload request. */
export const MAX_FILES_PER_UPLOAD = 10

const connect = (ctx: AppContext, principal: Principal, credential: string) =>
  connectProvider(ctx, { workspaceId: principal.workspaceId }, credential, CREDENTIAL_FIELD)

/** The files of a multipart/form-data body (field `files`), each named, not empty and within the size limit. */
export async function readUploadedFiles(body: unknown, contentType: string | undefined): Promise<FileToUpload[]> {
  const how = `send the files as multipart/form-data in the field "${FILE_FIELD}"`
  const parts = await readFormFiles(body, contentType, how)
  if (parts.length === 0) throw badRequest(`body.${FILE_FIELD}: no file was sent`)
  if (parts.length > MAX_FILES_PER_UPLOAD) {
    throw badRequest(`body.${FILE_FIELD}: send at most ${MAX_FILES_PER_UPLOAD} files per request`)
  }
  return Promise.all(
    parts.map(async (file) => {
      const name = basename(file.name.replace(/\\/g, '/')).trim()
      if (name === '' || name.length > 255)
        throw badRequest(`body.${FILE_FIELD}: every file needs a name of at most 255 characters`)
      if (file.size === 0) throw badRequest(`${name} is empty`)
      if (file.size > STORE_FILE_MAX_BYTES) throw badRequest(`${name} is larger than ${FILE_MAX_MB_LIMIT} MB`)
      return { name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) }
    }),
  )
}

export async function listProviderAssistants(ctx: AppContext, principal: Principal, credential: string) {
  const { api } = await connect(ctx, principal, credential)
  return atProvider(api.assistants.list())
}

export async function getProviderAssistant(ctx: AppContext, principal: Principal, credential: string, id: string) {
  const { api } = await connect(ctx, principal, credential)
  return atProvider(api.assistants.retrieve(id))
}

/** Uploads files for assistants (purpose `assistants`), one after another; answers them as the provider does. */
export async function uploadProviderFiles(
  ctx: AppContext,
  principal: Principal,
  credential: string,
  files: FileToUpload[],
): Promise<ProviderFile[]> {
  const { api } = await connect(ctx, principal, credential)
  const uploaded: ProviderFile[] = []
  for (const file of files) uploaded.push(await atProvider(api.files.upload(file)))
  return uploaded
}

export async function listVectorStores(ctx: AppContext, principal: Principal, credential: string) {
  const { api } = await connect(ctx, principal, credential)
  return atProvider(api.vectorStores.list())
}

export async function getVectorStore(ctx: AppContext, principal: Principal, credential: string, id: string) {
  const { api } = await connect(ctx, principal, credential)
  return atProvider(api.vectorStores.retrieve(id))
}

export async function createVectorStore(
  ctx: AppContext,
  principal: Principal,
  credential: string,
  fields: { name: string; file_ids?: string[] },
) {
  const { api } = await connect(ctx, principal, credential)
  return atProvider(api.vectorStores.create(fields))
}

export async function updateVectorStore(
  ctx: AppContext,
  principal: Principal,
  credential: string,
  id: string,
  fields: { name: string },
) {
  const { api } = await connect(ctx, principal, credential)
  return atProvider(api.vectorStores.update(id, fields))
}

export async function deleteVectorStore(
  ctx: AppContext,
  principal: Principal,
  credential: string,
  id: string,
): Promise<{ id: string; deleted: boolean }> {
  const { api } = await connect(ctx, principal, credential)
  return atProvider(api.vectorStores.delete(id))
}

/** Uploads files and adds each to the vector store (which must exist); answers the uploaded files. */
export async function uploadIntoVectorStore(
  ctx: AppContext,
  principal: Principal,
  credential: string,
  id: string,
  files: FileToUpload[],
): Promise<ProviderFile[]> {
  const { api } = await connect(ctx, principal, credential)
  await atProvider(api.vectorStores.retrieve(id))
  const uploaded: ProviderFile[] = []
  for (const file of files) {
    const stored = await atProvider(api.files.upload(file))
    await atProvider(api.vectorStores.addFile(id, stored.id))
    uploaded.push(stored)
  }
  return uploaded
}

/** The vector store's files, named from the provider's file list (the store knows them by id only). */
export async function listVectorStoreFiles(
  ctx: AppContext,
  principal: Principal,
  credential: string,
  id: string,
): Promise<ProviderVectorStoreFile[]> {
  const { api } = await connect(ctx, principal, credential)
  const [inStore, all] = await Promise.all([atProvider(api.vectorStores.listFiles(id)), atProvider(api.files.list())])
  const names = new Map(all.map((file) => [file.id, file.filename]))
  return inStore.map((file) => {
    const filename = names.get(file.id)
    return {
      id: file.id,
      status: file.status,
      usage_bytes: file.usage_bytes,
      created_at: file.created_at,
      ...(filename ? { filename } : {}),
    }
  })
}

/** Takes files out of the vector store (the files themselves stay with the provider). */
export async function removeVectorStoreFiles(
  ctx: AppContext,
  principal: Principal,
  credential: string,
  id: string,
  fileIds: string[],
): Promise<{ deleted: string[] }> {
  const { api } = await connect(ctx, principal, credential)
  for (const fileId of fileIds) await atProvider(api.vectorStores.deleteFile(id, fileId))
  return { deleted: fileIds }
}
