// The images a chat keeps: how their files are named on disk, what their bytes really are, and how
// the user's message records them (Flowise's `fileUploads`).

/** One file a user's message carries, as Flowise records it in `fileUploads` (no data for stored files). */
export interface FileUploadRecord {
  /** `stored-file`: kept by the server, served by `/get-upload-file`; `url`: an image sent by its address. */
  type: 'stored-file' | 'url'
  name: string
  mime: string
  /** The image's address, for `url` only. */
  data?: string
}

// Characters that separate or mean something in a path on some system, and control characters.
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f]/g
const MAX_NAME_LENGTH = 200

/**
 * The name a file is kept under: its own name without path separators, control characters or
 * characters Windows refuses, and without leading dots (so never `.`, `..` or a hidden file).
 * Undefined when nothing is left. Save and lookup both go through it, so a name a client sends to
 * fetch a file finds the file it uploaded under that name.
 */
export function storedFileName(name: string): string | undefined {
  const cleaned = name.replace(UNSAFE, '_').replace(/^[.\s]+/, '').trim().slice(0, MAX_NAME_LENGTH).trim()
  return cleaned === '' ? undefined : cleaned
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte)

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

/**
 * The image type the bytes are, read from their first bytes (PNG, JPEG, GIF, WebP: the types a chat
 * takes), or undefined for anything else. A file is served with this type, never with one a client
 * claimed, so a page or a script cannot pass for an image.
 */
export function imageTypeOfBytes(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  return undefined
}

/** The `fileUploads` of a stored message (JSON text); anything unreadable is no file. */
export function readFileUploads(text: string | null | undefined): FileUploadRecord[] {
  if (!text) return []
  try {
    const value: unknown = JSON.parse(text)
    if (!Array.isArray(value)) return []
    return value.filter(
      (item): item is FileUploadRecord =>
        typeof item === 'object' &&
        item !== null &&
        (item.type === 'stored-file' || item.type === 'url') &&
        typeof item.name === 'string' &&
        typeof item.mime === 'string',
    )
  } catch {
    return []
  }
}

/** How closely a model looks at an image: Flowise's Image Resolution, OpenAI's `detail`. */
export type ImageDetail = 'low' | 'high' | 'auto'

/** The node's Image Resolution; Flowise's default is `low`. */
export function imageDetailOf(value: unknown): ImageDetail {
  return value === 'high' || value === 'auto' ? value : 'low'
}
