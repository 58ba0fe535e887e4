import { createHash } from 'node:crypto'
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import { storedFileName } from '@weft/core'
import type { AppContext } from '../context.js'

// The files a chat keeps (images sent with a question), as Flowise keeps them: one folder per flow
// and chat, the file under its own (cleaned) name, in the data folder's `storage`. This module is
// the only code that knows where they are, so a store several servers share (a shared volume, an
// object store) replaces it alone. No part of a path comes from a caller unchecked: the flow id is
// a UUID checked by the routes, the chat id becomes one folder name, the file name is cleaned.

/** Where one chat's file is; undefined when the name leaves nothing to keep a file under. */
export interface StoredFileKey {
  flowId: string
  chatId: string
  name: string
}

const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/

/** A chat id as one folder name: itself when it is plain (a UUID), else a hash of it. */
const chatFolder = (chatId: string) =>
  SAFE_SEGMENT.test(chatId) ? chatId : `chat-${createHash('sha256').update(chatId).digest('hex').slice(0, 40)}`

const storageRoot = (ctx: Pick<AppContext, 'config'>) => resolve(ctx.config.home, 'storage')

function pathOf(ctx: Pick<AppContext, 'config'>, key: StoredFileKey): string | undefined {
  const name = storedFileName(key.name)
  if (!name || !SAFE_SEGMENT.test(key.flowId)) return undefined
  const root = storageRoot(ctx)
  const path = resolve(root, key.flowId, chatFolder(key.chatId), name)
  // The segments cannot climb by construction; this states it where the path is made.
  return path.startsWith(root + sep) ? path : undefined
}

/** Keeps a chat's file; answers the name it is kept (and found) under. */
export async function saveChatFile(
  ctx: Pick<AppContext, 'config'>,
  key: StoredFileKey,
  bytes: Uint8Array,
): Promise<string> {
  const path = pathOf(ctx, key)
  if (!path) throw new Error(`The file name ${JSON.stringify(key.name)} cannot be stored`)
  await mkdir(join(path, '..'), { recursive: true })
  await writeFile(path, bytes)
  return storedFileName(key.name)!
}

/** A chat's file, or undefined when the flow's chat has none of that name. */
export async function readChatFile(ctx: Pick<AppContext, 'config'>, key: StoredFileKey): Promise<Buffer | undefined> {
  const path = pathOf(ctx, key)
  if (!path) return undefined
  try {
    return await readFile(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR')
      return undefined
    throw error
  }
}

/** The folder of a flow's kept files, or of one chat's; undefined when the flow id is not plain. */
function folderOf(ctx: Pick<AppContext, 'config'>, flowId: string, chatId?: string): string | undefined {
  if (!SAFE_SEGMENT.test(flowId)) return undefined
  const root = storageRoot(ctx)
  const folder = chatId === undefined ? resolve(root, flowId) : resolve(root, flowId, chatFolder(chatId))
  return folder.startsWith(root + sep) ? folder : undefined
}

/** Removes the files a chat kept (its conversation is deleted), or all of a flow's without `chatId`. */
export async function removeKeptFiles(ctx: Pick<AppContext, 'config'>, flowId: string, chatId?: string): Promise<void> {
  const folder = folderOf(ctx, flowId, chatId)
  if (folder) await rm(folder, { recursive: true, force: true })
}

/** The size in bytes of a chat's file, or undefined when it is not kept (any more). */
export async function chatFileSize(ctx: Pick<AppContext, 'config'>, key: StoredFileKey): Promise<number | undefined> {
  const path = pathOf(ctx, key)
  if (!path) return undefined
  const info = await stat(path).catch(() => undefined)
  return info?.isFile() ? info.size : undefined
}

/** Removes one chat's file (the Files screen deletes it); nothing happens when it is not kept. */
export async function removeChatFile(ctx: Pick<AppContext, 'config'>, key: StoredFileKey): Promise<void> {
  const path = pathOf(ctx, key)
  if (path) await rm(path, { force: true })
}
