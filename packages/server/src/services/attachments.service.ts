import { uploadProblem } from '@weft/core'
import type { AppContext } from '../context.js'
import type { FlowRow } from '../db/tables.js'
import { badRequest } from '../http-error.js'
import { FILE_FIELD } from '../http/multipart-files.js'
import { flowUploadsConfig, uploadText } from './uploads.js'

/** One file's text, as Flowise's `POST /attachments` answers it. */
export interface Attachment {
  name: string
  mimeType: string
  size: number
  content: string
}

/** At most this many files per request: more than a chat message sensibly carries. */
export const MAX_ATTACHMENTS = 10

/** Path separators and control characters (NUL among them) make a path or worse, not a name. */
const isPathLike = (name: string) =>
  [...name].some((char) => char === '/' || char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)

function checkName(name: string): void {
  if (name.trim() === '' || name.length > 255)
    throw badRequest(`body.${FILE_FIELD}: every file needs a name of at most 255 characters`)
  if (isPathLike(name) || /^\.+$/.test(name.trim()))
    throw badRequest(`body.${FILE_FIELD}: a file name must be a name, not a path: ${JSON.stringify(name)}`)
}

/**
 * The text of each file a chat of the flow attaches (the embed's full file upload), read by the
 * loader its type needs, as a file sent with a question is: the flow's file upload setting decides
 * the types and the size (400 naming the file and the rule). Nothing is stored.
 */
export async function readAttachments(
  ctx: AppContext,
  flow: FlowRow,
  files: readonly File[],
  signal: AbortSignal,
): Promise<Attachment[]> {
  if (files.length === 0) throw badRequest(`body.${FILE_FIELD}: no file was sent`)
  if (files.length > MAX_ATTACHMENTS)
    throw badRequest(`body.${FILE_FIELD}: send at most ${MAX_ATTACHMENTS} files per request`)
  const config = flowUploadsConfig(flow)
  for (const file of files) {
    checkName(file.name)
    const problem = uploadProblem({ type: 'file:full', name: file.name, mime: file.type, bytes: file.size }, config)
    if (problem) throw badRequest(problem)
  }
  const timeout = AbortSignal.any([signal, AbortSignal.timeout(ctx.config.runTimeoutMs)])
  const attachments: Attachment[] = []
  for (const file of files) {
    const content = Buffer.from(await file.arrayBuffer()).toString('base64')
    const text = await uploadText(ctx, { name: file.name, mime: file.type, content }, timeout)
    attachments.push({ name: file.name, mimeType: file.type, size: file.size, content: text })
  }
  return attachments
}
