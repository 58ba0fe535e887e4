import type { Upload } from '@weft/core'
import { isImageUpload } from './chatEntries'

/** Shown for a voice message until the server reports the words it heard. */
export const VOICE_MESSAGE = 'Voice message'

/**
 * How a question shows in the chat: its text, with the names of attached files, or a voice message.
 * Images are shown themselves, not named.
 */
export function askedText(text: string, uploads: readonly Upload[]): string {
  if (uploads.some((upload) => upload.type === 'audio')) return VOICE_MESSAGE
  const names = uploads.filter((upload) => !isImageUpload(upload)).map((upload) => upload.name)
  if (names.length === 0) return text
  const attached = `Attached: ${names.join(', ')}`
  return text ? `${text}\n\n${attached}` : attached
}
