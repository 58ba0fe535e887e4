/**
 * A response's body, refused once it passes `limit` bytes (also when its declared length already
 * does): an answer from an address a user chose must not fill the server's memory. `tooBig` says
 * why in the caller's words.
 */
export async function readCappedBody(response: Response, limit: number, tooBig: () => string): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0)
  if (Number(response.headers.get('content-length')) > limit) {
    await response.body.cancel().catch(() => {})
    throw new Error(tooBig())
  }
  const reader = response.body.getReader()
  const parts: Uint8Array[] = []
  let size = 0
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.length
    if (size > limit) {
      await reader.cancel().catch(() => {})
      throw new Error(tooBig())
    }
    parts.push(part.value)
  }
  return Buffer.concat(parts)
}
