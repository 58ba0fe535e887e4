import { normalizeMime, READABLE_FILE_TYPES } from '../uploads/file-types.js'

// Which document loader reads a file, by its extension first and its MIME type second. A file
// attached to a chat question is read whole: PDF and DOCX need their own loaders to give text, and
// every other file is text already (plain, markdown, CSV, JSON, HTML…) for the Text File loader.
// Files loaded into a store from a folder are documents to search, so there CSV, JSON and JSON Lines
// are read by their own loaders too: a document per row, item or line, as Flowise's folder loader does.

const BY_EXTENSION: Record<string, string> = { pdf: 'pdfFile', docx: 'docxFile' }

const BY_MIME: Record<string, string> = {
  'application/pdf': 'pdfFile',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docxFile',
}

const STRUCTURED_BY_EXTENSION: Record<string, string> = { csv: 'csvFile', json: 'jsonFile', jsonl: 'jsonlinesFile' }

const STRUCTURED_BY_MIME: Record<string, string> = {
  'text/csv': 'csvFile',
  'application/json': 'jsonFile',
  'application/jsonl': 'jsonlinesFile',
  'application/x-ndjson': 'jsonlinesFile',
}

export interface LoaderForFileOptions {
  /** Read CSV, JSON and JSON Lines with their own loaders (a document per row, item, line) instead of as text. */
  structured?: boolean
}

/** The loader node for the file: PDF, DOCX (and with `structured`, CSV, JSON, JSON Lines), else Text File. */
export function loaderForFile(name: string, mime = '', options: LoaderForFileOptions = {}): string {
  const dot = name.lastIndexOf('.')
  const extension = dot >= 0 ? name.slice(dot + 1).toLowerCase() : ''
  const type = mime.split(';')[0]!.trim().toLowerCase()
  const byExtension = options.structured ? { ...BY_EXTENSION, ...STRUCTURED_BY_EXTENSION } : BY_EXTENSION
  const byMime = options.structured ? { ...BY_MIME, ...STRUCTURED_BY_MIME } : BY_MIME
  return byExtension[extension] ?? byMime[type] ?? 'textFile'
}

/** A loader as the file rules see it: its label and the files its file input takes (`.pdf`, `.txt, .md`…). */
export interface FileLoader {
  label: string
  /** The input's `fileType`: extensions as an HTML file input's `accept` lists them; empty when it takes no file. */
  fileType: string
}

/** The extension a file of this MIME type has when its name has none. */
const EXTENSION_BY_MIME: Record<string, string> = {
  ...Object.fromEntries(READABLE_FILE_TYPES.map((choice) => [choice.mime, choice.extensions[0]!])),
  'application/jsonl': '.jsonl',
  'application/x-ndjson': '.jsonl',
}

const extensionsOf = (loader: FileLoader) =>
  loader.fileType
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token.startsWith('.'))

/** The file's extension (`.pdf`), or the one its MIME type stands for when its name has none. */
function extensionOfFile(name: string, mime: string): string {
  const dot = name.lastIndexOf('.')
  if (dot > 0 && dot < name.length - 1) return name.slice(dot).toLowerCase()
  return EXTENSION_BY_MIME[normalizeMime(mime)] ?? ''
}

/** Whether the loader reads the file: by the name's extension when it has one, else by its MIME type. */
export function loaderReadsFile(loader: FileLoader, name: string, mime = ''): boolean {
  const extension = extensionOfFile(name, mime)
  return extension !== '' && extensionsOf(loader).includes(extension)
}

/** Why no loader of these reads the file (naming it and every type they accept), or undefined when one does. */
export function unreadableFileProblem(name: string, mime: string, loaders: readonly FileLoader[]): string | undefined {
  if (loaders.some((loader) => loaderReadsFile(loader, name, mime))) return undefined
  const accepted = [...new Set(loaders.flatMap(extensionsOf))]
  return `${name}: no document loader reads this type of file; accepted: ${accepted.join(', ')}`
}

/** Why the loader does not read the file (naming both), or undefined when it does. */
export function wrongLoaderFileProblem(loader: FileLoader, name: string, mime: string): string | undefined {
  if (loaderReadsFile(loader, name, mime)) return undefined
  const reads = extensionsOf(loader)
  return `${name} is not a file ${loader.label} reads; ${loader.label} reads ${reads.length ? reads.join(', ') : 'no files'}`
}
