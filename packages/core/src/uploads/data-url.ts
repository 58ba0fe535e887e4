/** The content of an upload's `data`: its MIME type when a `data:` URL names one, and its base64. */
export interface UploadContent {
  mime: string | undefined
  base64: string
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/**
 * Reads base64 `data` as Flowise's clients send it: a base64 `data:` URL
 * (`data:audio/webm;codecs=opus;base64,GkXf…`) or bare base64. Undefined when it is neither, e.g.
 * a `data:` URL that is not base64 or text with characters base64 does not use.
 */
export function readUploadContent(data: string): UploadContent | undefined {
  let mime: string | undefined
  let base64 = data
  if (data.startsWith('data:')) {
    const comma = data.indexOf(',')
    if (comma === -1) return undefined
    const header = data.slice('data:'.length, comma)
    if (!header.endsWith(';base64')) return undefined
    mime = header.split(';')[0]?.trim() || undefined
    base64 = data.slice(comma + 1)
  }
  base64 = base64.replace(/\s+/g, '')
  if (base64.length % 4 === 1 || !BASE64.test(base64)) return undefined
  return { mime, base64 }
}

/**
 * True when a whole file (`file:full`) carries its text, not its bytes: Flowise's clients send back
 * the text `POST /attachments` read from the file, while Weft's own chat sends the file itself as a
 * `data:` URL.
 */
export const carriesFileText = (upload: { type: string; data: string }): boolean =>
  upload.type === 'file:full' && !upload.data.startsWith('data:')

/** How many bytes `base64` decodes to. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return Math.floor((base64.length * 3) / 4) - padding
}
