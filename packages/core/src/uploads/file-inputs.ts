import { normalizeMime } from './file-types.js'

// A node's file input (a loader's `txtFile`, `pdfFile`, …): which files it takes, and its value as
// the canvas stores it, the way Flowise does, so flows move between them.

/** A file to put in a file input, its content in base64. */
export interface InputFile {
  name: string
  mime: string
  base64: string
}

/** The value of a file input holding these files: a JSON list of `data:<mime>;base64,<content>,filename:<name>`. */
export const fileInputValue = (files: readonly InputFile[]): string =>
  JSON.stringify(
    files.map((file) => `data:${file.mime || 'application/octet-stream'};base64,${file.base64},filename:${file.name}`),
  )

/**
 * Whether a file input whose `accept` list (a param's `fileType`, as an HTML file input reads it:
 * `.txt, .md`, `text/*`, `application/pdf`) takes the file of this name and MIME type. Extensions
 * are matched on the name, case aside; an input with no list takes any file.
 */
export function acceptsFile(accept: string | undefined, name: string, mime: string): boolean {
  const tokens = (accept ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean)
  if (tokens.length === 0) return true
  const lowerName = name.toLowerCase()
  const type = normalizeMime(mime)
  return tokens.some((token) => {
    if (token === '*' || token === '*/*') return true
    if (token.startsWith('.')) return lowerName.endsWith(token)
    if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1))
    return type !== '' && normalizeMime(token) === type
  })
}
