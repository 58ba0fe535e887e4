import type { SourceDocument } from '@weft/core'
import { defineNode } from '../define-node.js'
import { readBinaryFiles, type BinaryFile } from '../documents/file-input.js'
import { loaderOutput } from '../documents/loader-output.js'
import { readPdfText } from '../documents/pdf-text.js'
import { readText } from '../runtime/read-input.js'
import { DOCUMENT_CLASSES, LOADER_OUTPUTS, metadataParam, textSplitterAnchor } from './loader-params.js'

export default defineNode({
  descriptor: {
    label: 'Pdf File',
    name: 'pdfFile',
    version: 1,
    type: 'Document',
    category: 'Document Loaders',
    description: 'Read the text of a PDF file, one document per page or per file.',
    icon: 'pdfFile.svg',
    color: '#809E2E',
    baseClasses: DOCUMENT_CLASSES,
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Pdf File', name: 'pdfFile', type: 'file', fileType: '.pdf' },
      textSplitterAnchor,
      {
        label: 'Usage',
        name: 'usage',
        type: 'options',
        options: [
          { label: 'One document per page', name: 'perPage' },
          { label: 'One document per file', name: 'perFile' },
        ],
        default: 'perPage',
      },
      metadataParam,
    ],
    outputs: LOADER_OUTPUTS,
  },
  run: async (context) => {
    const perFile = readText(context.inputs.usage) === 'perFile'
    const documents: SourceDocument[] = []
    // One file at a time: a PDF's parsed pages take far more memory than its bytes.
    for (const file of readBinaryFiles(context.inputs.pdfFile, 'Pdf File')) {
      documents.push(...(await pdfDocuments(file, perFile)))
    }
    return loaderOutput(documents, context)
  },
})

/**
 * A document per page with text (`loc.pageNumber` counts from 1), or one for the whole file with
 * its pages' text a blank line apart; the metadata is shaped as LangChain's PDF loader shapes it,
 * so splitters and filters written for Flowise's documents find `pdf.totalPages` and `loc.pageNumber`.
 */
async function pdfDocuments(file: BinaryFile, perFile: boolean): Promise<SourceDocument[]> {
  const { pages } = await readPdfText(file.bytes, file.name)
  if (pages.every((page) => page === '')) {
    throw new Error(`${file.name} has no text to read: its pages may be scanned images, which Weft does not read.`)
  }
  const pdf = { totalPages: pages.length }
  if (perFile) {
    const pageContent = pages.filter((page) => page !== '').join('\n\n')
    return [{ pageContent, metadata: { source: file.name, pdf } }]
  }
  return pages.flatMap((pageContent, index) =>
    pageContent === '' ? [] : [{ pageContent, metadata: { source: file.name, pdf, loc: { pageNumber: index + 1 } } }],
  )
}
