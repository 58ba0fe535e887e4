import { errorMessage } from '@weft/core'
import { ApiError } from './ApiError'

/**
 * Sends files as multipart/form-data, each under `files` (Flowise's field), with any text `fields`
 * beside them. The JSON client cannot send a form, so uploads go to fetch itself; the session
 * travels in the cookie as for every call.
 */
export async function postFiles<T>(
  path: string,
  files: readonly File[],
  fields: Record<string, string> = {},
): Promise<T> {
  const form = new FormData()
  for (const file of files) form.append('files', file, file.name)
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const response = await fetch(`/api/v1${path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'x-request-from': 'internal' },
    body: form,
  })
  const text = await response.text()
  let data: unknown = text
  try {
    data = text === '' ? undefined : JSON.parse(text)
  } catch {
    // A proxy's HTML error page: its text is the best message there is.
  }
  if (!response.ok)
    throw new ApiError(response.status, data, errorMessage(data ?? `Upload failed (${response.status})`))
  return data as T
}
