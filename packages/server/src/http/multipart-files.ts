import { badRequest } from '../http-error.js'

/** The multipart field uploaded files come in (Flowise's name). */
export const FILE_FIELD = 'files'

/**
 * The files of a multipart/form-data body in the `files` field, read with the multipart parser of
 * Node's own fetch (undici), which Weft already runs: no upload plugin is needed. `how` says how to
 * send them, for the message when the body is something else.
 */
export async function readFormFiles(body: unknown, contentType: string | undefined, how: string): Promise<File[]> {
  if (!Buffer.isBuffer(body) || !contentType?.toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest(`body: ${how}`)
  }
  let form: FormData
  try {
    form = await new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
      headers: { 'content-type': contentType },
    }).formData()
  } catch {
    throw badRequest(`body: not a readable multipart/form-data body; ${how}`)
  }
  return form.getAll(FILE_FIELD).filter((part): part is File => typeof part !== 'string')
}
