import type { Kysely } from 'kysely'
import type { FlowType } from '@weft/core'
import type { Database } from '../tables.js'
import type { WorkspaceScope } from '../workspace-repository.js'

// What the Files screen reads: the rows that name a file users uploaded, always of one workspace.

/** A user's message that carried files, with its flow. */
export interface ChatUploadRow {
  id: string
  chatflow_id: string
  chat_id: string
  file_uploads: string | null
  created_at: string
  flow_name: string
  flow_type: FlowType
}

/** The workspace's chat messages that carried files, oldest first; `where` narrows to one chat. */
export function listChatUploads(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  where?: { flowId: string; chatId: string },
): Promise<ChatUploadRow[]> {
  let query = db
    .selectFrom('chat_messages as m')
    .innerJoin('flows as f', (join) =>
      join.onRef('f.id', '=', 'm.chatflow_id').onRef('f.workspace_id', '=', 'm.workspace_id'),
    )
    .select([
      'm.id',
      'm.chatflow_id',
      'm.chat_id',
      'm.file_uploads',
      'm.created_at',
      'f.name as flow_name',
      'f.type as flow_type',
    ])
    .where('m.workspace_id', '=', scope.workspaceId)
    .where('m.role', '=', 'userMessage')
    .where('m.file_uploads', 'is not', null)
  if (where) query = query.where('m.chatflow_id', '=', where.flowId).where('m.chat_id', '=', where.chatId)
  return query.orderBy('m.created_at').orderBy('m.id').execute() as Promise<ChatUploadRow[]>
}

/** Replaces what a message of the workspace records of its files. */
export async function setFileUploads(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  messageId: string,
  fileUploads: string | null,
): Promise<void> {
  await db
    .updateTable('chat_messages')
    .set({ file_uploads: fileUploads })
    .where('workspace_id', '=', scope.workspaceId)
    .where('id', '=', messageId)
    .execute()
}

/** A document store's file (without its content), with its store and loader. */
export interface StoreFileRow {
  id: string
  name: string
  mime: string
  size: number
  created_at: string
  store_id: string
  store_name: string
  loader_id: string | null
  loader_name: string | null
}

const storeFiles = (db: Kysely<Database>, scope: WorkspaceScope) =>
  db
    .selectFrom('document_store_files as file')
    .innerJoin('document_stores as store', (join) =>
      join.onRef('store.id', '=', 'file.store_id').onRef('store.workspace_id', '=', 'file.workspace_id'),
    )
    .leftJoin('document_store_loaders as loader', (join) =>
      join.onRef('loader.id', '=', 'file.loader_id').onRef('loader.workspace_id', '=', 'file.workspace_id'),
    )
    .select([
      'file.id',
      'file.name',
      'file.mime',
      'file.size',
      'file.created_at',
      'file.store_id',
      'store.name as store_name',
      'file.loader_id',
      'loader.loader_name',
    ])
    .where('file.workspace_id', '=', scope.workspaceId)

/** The workspace's document store files, oldest first. */
export function listStoreFileRows(db: Kysely<Database>, scope: WorkspaceScope): Promise<StoreFileRow[]> {
  return storeFiles(db, scope).orderBy('file.created_at').orderBy('file.id').execute() as Promise<StoreFileRow[]>
}

/** One document store file of the workspace. */
export function findStoreFileRow(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  id: string,
): Promise<StoreFileRow | undefined> {
  return storeFiles(db, scope).where('file.id', '=', id).executeTakeFirst() as Promise<StoreFileRow | undefined>
}

/** A document store file's bytes (base64), when the workspace has it. */
export async function findStoreFileContent(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  id: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('document_store_files')
    .select('content')
    .where('workspace_id', '=', scope.workspaceId)
    .where('id', '=', id)
    .executeTakeFirst()
  return row?.content
}

/** Deletes a document store file no loader reads; false when it is gone or a loader took it meanwhile. */
export async function deleteFreeStoreFile(db: Kysely<Database>, scope: WorkspaceScope, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('document_store_files')
    .where('workspace_id', '=', scope.workspaceId)
    .where('id', '=', id)
    .where('loader_id', 'is', null)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
