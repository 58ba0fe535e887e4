import { badRequest } from '../http-error.js'

/** The multipart field uploaded files come in (Flowise's name). */
export const FILE_FIELD = 'files'

/**
 * A multipart/form-data body as a form, read with the multipart parser of Node's own fetch (undici),
 * which Weft already runs: no upload plugin is needed. `how` says how to send it, for the message
 * when the body is something else.
 */
export async function readForm(body: unknown, contentType: string | undefined, how: string): Promise<FormData> {
  if (!Buffer.isBuffer(body) || !contentType?.toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest(`body: ${how}`)
  }
  try {
    return await new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
      headers: { 'content-type': contentType },
    }).formData()
  } catch {
    throw badRequest(`body: not a readable multipart/form-data body; ${how}`)
  }
}

/** The files of a multipart/form-data body in the `files` field (see readForm). */
export async function readFormFiles(body: unknown, contentType: string | undefined, how: string): Promise<File[]> {
  const form = await readForm(body, contentType, how)
  return form.getAll(FILE_FIELD).filter((part): part is File => typeof part !== 'string')
}
