import { defineNode, notRunnableYet } from '../define-node.js'
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
  run: notRunnableYet,
})
