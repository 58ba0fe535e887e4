import {
  flowPermission,
  hasPermission,
  imageTypeOfBytes,
  readFileUploads,
  type AssistantType,
  type FileList,
  type ProviderAssistantDetails,
  type UserFile,
} from '@weft/core'
import { accessContext } from '../auth/authenticate.js'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { listAssistantRows } from '../db/repositories/assistants.repository.js'
import {
  deleteFreeStoreFile,
  findStoreFileContent,
  findStoreFileRow,
  listChatUploads,
  listStoreFileRows,
  setFileUploads,
  type StoreFileRow,
} from '../db/repositories/user-files.repository.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { badRequest, conflict, forbidden, notFound } from '../http-error.js'
import { chatFileSize, readChatFile, removeChatFile } from './upload-storage.js'

// The Files screen: every file users uploaded in the active workspace (images kept with chat
// questions, document store files, OpenAI and Azure assistant files), where each is used, and
// download and delete. Each kind is shown to whoever may view what it belongs to (the flow, the
// document stores, the assistants) and deleted by whoever may change it; everything is read
// through the caller's workspace, so another workspace's file is not found.

type FileKey =
  | { k: 'chat'; f: string; c: string; n: string }
  | { k: 'store'; id: string }
  | { k: 'assistant'; a: string; id: string }

const encode = (key: FileKey) => Buffer.from(JSON.stringify(key)).toString('base64url')

function decode(id: string): FileKey {
  let key: unknown
  try {
    key = JSON.parse(Buffer.from(id, 'base64url').toString('utf8'))
  } catch {
    key = undefined
  }
  const k = key as Record<string, unknown> | undefined
  const strings = (...names: string[]) => names.every((name) => typeof k?.[name] === 'string' && k[name] !== '')
  if (k?.k === 'chat' && strings('f', 'c', 'n')) return k as FileKey
  if (k?.k === 'store' && strings('id')) return k as FileKey
  if (k?.k === 'assistant' && strings('a', 'id')) return k as FileKey
  throw badRequest('id: not a file id from the file list')
}

const scopeOf = (principal: Principal): WorkspaceScope => ({ workspaceId: principal.workspaceId })
const may = (ctx: AppContext, principal: Principal, permission: string) =>
  hasPermission(accessContext(ctx.config.platform, principal), permission)

const PROVIDERS: Partial<Record<AssistantType, string>> = { OPENAI: 'OpenAI', AZURE: 'Azure OpenAI' }
const NOT_HERE = 'There is no such file in this workspace'

const chatDetail = (chatId: string) => `Chat ${chatId.length > 12 ? `${chatId.slice(0, 8)}…` : chatId}`

async function chatFiles(ctx: AppContext, principal: Principal): Promise<UserFile[]> {
  const rows = await listChatUploads(ctx.db, scopeOf(principal))
  const seen = new Map<string, UserFile>()
  for (const row of rows) {
    if (!may(ctx, principal, flowPermission(row.flow_type, 'view'))) continue
    for (const record of readFileUploads(row.file_uploads)) {
      if (record.type !== 'stored-file') continue
      const key: FileKey = { k: 'chat', f: row.chatflow_id, c: row.chat_id, n: record.name }
      const id = encode(key)
      // The same name in the same chat is one kept file: the first message that sent it dates it.
      if (seen.has(id)) continue
      const size = await chatFileSize(ctx, { flowId: key.f, chatId: key.c, name: key.n })
      if (size === undefined) continue
      seen.set(id, {
        id,
        name: record.name,
        type: record.mime || 'application/octet-stream',
        size,
        source: 'chat',
        usedIn: {
          kind: 'chat',
          id: row.chatflow_id,
          name: row.flow_name,
          detail: chatDetail(row.chat_id),
          flowType: row.flow_type,
        },
        inUse: false,
        downloadable: true,
        storedHere: true,
        addedDate: new Date(row.created_at).toISOString(),
      })
    }
  }
  return [...seen.values()]
}

const storeFile = (row: StoreFileRow): UserFile => ({
  id: encode({ k: 'store', id: row.id }),
  name: row.name,
  type: row.mime,
  size: Number(row.size),
  source: 'documentStore',
  usedIn: {
    kind: 'documentStore',
    id: row.store_id,
    name: row.store_name,
    ...(row.loader_id ? { detail: row.loader_name ?? 'a loader' } : {}),
  },
  inUse: row.loader_id !== null,
  downloadable: true,
  storedHere: true,
  addedDate: new Date(row.created_at).toISOString(),
})

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  txt: 'text/plain',
  json: 'application/json',
  md: 'text/markdown',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}
const typeOfName = (name: string) => TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream'

function detailsOf(text: string): ProviderAssistantDetails | undefined {
  try {
    return JSON.parse(text) as ProviderAssistantDetails
  } catch {
    return undefined
  }
}

async function assistantFiles(ctx: AppContext, principal: Principal): Promise<UserFile[]> {
  if (!may(ctx, principal, 'assistants:view')) return []
  const files: UserFile[] = []
  for (const row of await listAssistantRows(ctx.db, scopeOf(principal), undefined)) {
    const provider = PROVIDERS[row.type]
    const details = provider ? detailsOf(row.details) : undefined
    for (const file of details?.files ?? []) {
      if (typeof file?.id !== 'string' || typeof file.filename !== 'string') continue
      files.push({
        id: encode({ k: 'assistant', a: row.id, id: file.id }),
        name: file.filename,
        type: typeOfName(file.filename),
        size: typeof file.bytes === 'number' ? file.bytes : 0,
        source: 'assistant',
        usedIn: { kind: 'assistant', id: row.id, name: details?.name || 'Assistant', detail: `Kept by ${provider}` },
        inUse: true,
        downloadable: false,
        storedHere: false,
        addedDate: new Date(row.updated_at).toISOString(),
      })
    }
  }
  return files
}

/** The files of the caller's workspace that the caller may see, newest first, and what they take here. */
export async function listUserFiles(ctx: AppContext, principal: Principal): Promise<FileList> {
  const stores = may(ctx, principal, 'documentStores:view')
    ? (await listStoreFileRows(ctx.db, scopeOf(principal))).map(storeFile)
    : []
  const files = [...(await chatFiles(ctx, principal)), ...stores, ...(await assistantFiles(ctx, principal))].sort(
    (a, b) => (a.addedDate < b.addedDate ? 1 : a.addedDate > b.addedDate ? -1 : a.name.localeCompare(b.name)),
  )
  const totalSize = files.filter((file) => file.storedHere).reduce((sum, file) => sum + file.size, 0)
  return { files, totalSize }
}

/** The chat file the key names, when a message of the workspace records it and it is still kept. */
async function findChatFile(ctx: AppContext, principal: Principal, key: Extract<FileKey, { k: 'chat' }>) {
  const rows = await listChatUploads(ctx.db, scopeOf(principal), { flowId: key.f, chatId: key.c })
  const records = rows.filter((row) =>
    readFileUploads(row.file_uploads).some((record) => record.type === 'stored-file' && record.name === key.n),
  )
  const first = records[0]
  if (!first) throw notFound(NOT_HERE)
  return { rows: records, flowType: first.flow_type }
}

async function findAssistantFile(ctx: AppContext, principal: Principal, key: Extract<FileKey, { k: 'assistant' }>) {
  const file = (await assistantFiles(ctx, principal)).find((candidate) => candidate.id === encode(key))
  if (!file) throw notFound(NOT_HERE)
  return file
}

export interface DownloadedFile {
  name: string
  type: string
  bytes: Buffer
}

/** A file's bytes, to whoever may see it. */
export async function downloadUserFile(ctx: AppContext, principal: Principal, id: string): Promise<DownloadedFile> {
  const key = decode(id)
  if (key.k === 'chat') {
    const { flowType } = await findChatFile(ctx, principal, key)
    if (!may(ctx, principal, flowPermission(flowType, 'view'))) throw forbidden()
    const bytes = await readChatFile(ctx, { flowId: key.f, chatId: key.c, name: key.n })
    if (!bytes) throw notFound(NOT_HERE)
    // Served as the image its bytes are, never as a type the uploader claimed.
    return { name: key.n, type: imageTypeOfBytes(bytes) ?? 'application/octet-stream', bytes }
  }
  if (key.k === 'store') {
    if (!may(ctx, principal, 'documentStores:view')) throw forbidden()
    const row = await findStoreFileRow(ctx.db, scopeOf(principal), key.id)
    const content = row ? await findStoreFileContent(ctx.db, scopeOf(principal), key.id) : undefined
    if (!row || content === undefined) throw notFound(NOT_HERE)
    return { name: row.name, type: row.mime || 'application/octet-stream', bytes: Buffer.from(content, 'base64') }
  }
  const file = await findAssistantFile(ctx, principal, key)
  throw conflict(
    `${file.name} is kept by ${file.usedIn.detail?.replace('Kept by ', '') ?? 'the provider'} for the assistant ${file.usedIn.name}, not on this server; the provider does not give assistant files back`,
  )
}

/**
 * Deletes a file: a chat's image leaves the storage and its message's record; a document store
 * file no loader reads is deleted. A file still used answers 409 saying where.
 */
export async function deleteUserFile(ctx: AppContext, principal: Principal, id: string): Promise<{ name: string }> {
  const key = decode(id)
  const scope = scopeOf(principal)
  if (key.k === 'chat') {
    const { rows, flowType } = await findChatFile(ctx, principal, key)
    if (!may(ctx, principal, flowPermission(flowType, 'view'))) throw notFound(NOT_HERE)
    if (!may(ctx, principal, flowPermission(flowType, 'update'))) throw forbidden()
    await removeChatFile(ctx, { flowId: key.f, chatId: key.c, name: key.n })
    for (const row of rows) {
      const left = readFileUploads(row.file_uploads).filter(
        (record) => !(record.type === 'stored-file' && record.name === key.n),
      )
      await setFileUploads(ctx.db, scope, row.id, left.length > 0 ? JSON.stringify(left) : null)
    }
    return { name: key.n }
  }
  if (key.k === 'store') {
    if (!may(ctx, principal, 'documentStores:view')) throw notFound(NOT_HERE)
    const row = await findStoreFileRow(ctx.db, scope, key.id)
    if (!row) throw notFound(NOT_HERE)
    if (!may(ctx, principal, 'documentStores:delete-loader,documentStores:delete')) throw forbidden()
    if (row.loader_id) throw inStoreUse(row)
    if (!(await deleteFreeStoreFile(ctx.db, scope, key.id))) {
      const now = await findStoreFileRow(ctx.db, scope, key.id)
      if (now?.loader_id) throw inStoreUse(now)
      throw notFound(NOT_HERE)
    }
    return { name: row.name }
  }
  const file = await findAssistantFile(ctx, principal, key)
  throw conflict(
    `${file.name} is used by the assistant ${file.usedIn.name}: remove it from the assistant's files there first`,
  )
}

const inStoreUse = (row: StoreFileRow) =>
  conflict(
    `${row.name} is used by the loader ${row.loader_name ?? ''} of the document store ${row.store_name}: remove it from the loader (or delete the loader) first`.replace(
      'loader  of',
      'loader of',
    ),
  )
