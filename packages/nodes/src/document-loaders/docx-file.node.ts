import type { SourceDocument } from '@weft/core'
import { defineNode } from '../define-node.js'
import { readBinaryFiles, type BinaryFile } from '../documents/file-input.js'
import { loaderOutput } from '../documents/loader-output.js'
import { DOCUMENT_CLASSES, LOADER_OUTPUTS, metadataParam, textSplitterAnchor } from './loader-params.js'

export default defineNode({
  descriptor: {
    label: 'Docx File',
    name: 'docxFile',
    version: 1,
    type: 'Document',
    category: 'Document Loaders',
    description: 'Read the text of a Word document (.docx), one document per file.',
    icon: 'docxFile.svg',
    color: '#3A7D24',
    baseClasses: DOCUMENT_CLASSES,
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Docx File', name: 'docxFile', type: 'file', fileType: '.docx' },
      textSplitterAnchor,
      metadataParam,
    ],
    outputs: LOADER_OUTPUTS,
  },
  run: async (context) => {
    const documents: SourceDocument[] = []
    for (const file of readBinaryFiles(context.inputs.docxFile, 'Docx File')) documents.push(await docxDocument(file))
    return loaderOutput(documents, context)
  },
})

const ZIP_SIGNATURE = Buffer.from('PK\u0003\u0004', 'latin1')

/** Why a file is not a readable .docx: a .docx is a ZIP archive; mammoth says what else is wrong. */
function unreadable(file: BinaryFile, error?: unknown): Error {
  const detail = error instanceof Error ? ` (${error.message.split('\n')[0]!.trim()})` : ''
  const hint = file.name.toLowerCase().endsWith('.doc') ? '; save a .doc file as .docx in Word first' : ''
  return new Error(`${file.name} could not be read: it is damaged or not a .docx file${detail}${hint}.`, {
    cause: error,
  })
}

/** The file's text as mammoth reads it: paragraphs a blank line apart, no formatting. */
async function docxDocument(file: BinaryFile): Promise<SourceDocument> {
  if (!file.bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) throw unreadable(file)
  let text: string
  try {
    // mammoth and its XML/ZIP readers load with the first .docx, not when the server starts.
    const { default: mammoth } = await import('mammoth')
    text = (await mammoth.extractRawText({ buffer: file.bytes })).value
  } catch (error) {
    throw unreadable(file, error)
  }
  const pageContent = text.trim()
  if (pageContent === '') throw new Error(`${file.name} has no text to read.`)
  return { pageContent, metadata: { source: file.name } }
}
