import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs'

// The text of a PDF, page by page, read with pdf.js in this process: in Node its legacy build runs
// the parser on the main thread (its "fake worker", the pdf.worker.mjs file beside it), so nothing
// is downloaded and no thread is started. Fonts are never turned into code (no eval) nor loaded.

/** What a loader needs from a PDF: its pages' text (index 0 is page 1). */
export interface PdfText {
  pages: string[]
}

/** pdf.js loaded once, on first use: it is large, and most runs read no PDF. */
let pdfjs: Promise<typeof Pdfjs> | undefined
const loadPdfjs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'))

/** A text item or a marked-content marker, as getTextContent lists them. */
type TextPiece = { str: string; hasEOL: boolean } | { type: string }

/** A page's text: items as drawn, a line break where pdf.js saw one. */
function pageText(items: readonly TextPiece[]): string {
  let text = ''
  for (const item of items) {
    if (!('str' in item)) continue
    text += item.str
    if (item.hasEOL) text += '\n'
  }
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim()
}

/** Why pdf.js could not open a file, in the words a user can act on. */
function reason(error: unknown): string {
  const name = error instanceof Error ? error.name : ''
  if (name === 'PasswordException') return 'it is protected by a password'
  if (name === 'InvalidPDFException') return 'it is damaged or not a PDF'
  return error instanceof Error ? error.message : String(error)
}

/** Reads the text of every page; a damaged or locked file fails with an error naming `fileName`. */
export async function readPdfText(bytes: Uint8Array, fileName: string): Promise<PdfText> {
  const { getDocument, VerbosityLevel } = await loadPdfjs()
  const task = getDocument({
    // pdf.js takes ownership of the buffer it is given, so it gets a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWasm: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: VerbosityLevel.ERRORS,
  })
  try {
    let document
    try {
      document = await task.promise
    } catch (error) {
      throw new Error(`${fileName} could not be read as a PDF: ${reason(error)}.`, { cause: error })
    }
    const pages: string[] = []
    for (let number = 1; number <= document.numPages; number += 1) {
      try {
        const page = await document.getPage(number)
        pages.push(pageText((await page.getTextContent()).items))
        page.cleanup()
      } catch (error) {
        throw new Error(`${fileName}: page ${number} could not be read: ${reason(error)}.`, { cause: error })
      }
    }
    return { pages }
  } finally {
    await task.destroy()
  }
}
