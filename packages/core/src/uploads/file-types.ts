/** A kind of file whose text Weft can put beside the question (PDF and DOCX through their loaders). */
export interface FileTypeChoice {
  mime: string
  label: string
  extensions: string[]
}

/** The file types Weft reads as text; the File upload settings offer these. */
export const READABLE_FILE_TYPES: readonly FileTypeChoice[] = [
  { mime: 'text/plain', label: 'Text (.txt)', extensions: ['.txt'] },
  { mime: 'text/markdown', label: 'Markdown (.md)', extensions: ['.md', '.markdown'] },
  { mime: 'text/csv', label: 'CSV (.csv)', extensions: ['.csv'] },
  { mime: 'application/json', label: 'JSON (.json)', extensions: ['.json'] },
  { mime: 'text/html', label: 'HTML (.html)', extensions: ['.html', '.htm'] },
  { mime: 'application/xml', label: 'XML (.xml)', extensions: ['.xml'] },
  { mime: 'application/pdf', label: 'PDF (.pdf)', extensions: ['.pdf'] },
  {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word (.docx)',
    extensions: ['.docx'],
  },
]

/** Other names browsers and systems give the same types. */
const ALIASES: Record<string, string> = {
  'text/xml': 'application/xml',
  'text/x-markdown': 'text/markdown',
  'application/csv': 'text/csv',
}

/** A MIME type without its parameters, in lower case, under the one name Weft uses for it. */
export function normalizeMime(mime: string): string {
  const base = (mime.split(';')[0] ?? '').trim().toLowerCase()
  return ALIASES[base] ?? base
}

export const isReadableFileType = (mime: string): boolean => READABLE_FILE_TYPES.some((choice) => choice.mime === mime)

/**
 * The type of a file by its MIME type, or by its name's extension when the sender gave none (or
 * only `application/octet-stream`), as browsers do for files they do not know.
 */
export function fileTypeOf(name: string, mime: string): string {
  const type = normalizeMime(mime)
  if (type && type !== 'application/octet-stream') return type
  const lower = name.toLowerCase()
  const byName = READABLE_FILE_TYPES.find((choice) => choice.extensions.some((ext) => lower.endsWith(ext)))
  return byName?.mime ?? type
}
