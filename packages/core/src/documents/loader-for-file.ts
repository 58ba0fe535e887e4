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
