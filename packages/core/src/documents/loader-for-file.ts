// Which document loader reads a file attached to a chat question, by its extension first and its
// MIME type second: PDF and DOCX need their own loaders to give text; every other file is text
// already (plain, markdown, CSV, JSON, HTML…) and goes whole through the Text File loader.

const BY_EXTENSION: Record<string, string> = { pdf: 'pdfFile', docx: 'docxFile' }

const BY_MIME: Record<string, string> = {
  'application/pdf': 'pdfFile',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docxFile',
}

/** The loader node for the file: PDF, DOCX, else Text File. */
export function loaderForFile(name: string, mime = ''): string {
  const dot = name.lastIndexOf('.')
  const extension = dot >= 0 ? name.slice(dot + 1).toLowerCase() : ''
  return BY_EXTENSION[extension] ?? BY_MIME[mime.split(';')[0]!.trim().toLowerCase()] ?? 'textFile'
}
