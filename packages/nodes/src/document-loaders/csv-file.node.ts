import { defineNode, notRunnableYet } from '../define-node.js'
import { DOCUMENT_CLASSES, LOADER_OUTPUTS, metadataParam, textSplitterAnchor } from './loader-params.js'

export default defineNode({
  descriptor: {
    label: 'Csv File',
    name: 'csvFile',
    version: 1,
    type: 'Document',
    category: 'Document Loaders',
    description: 'Read a CSV file, one document per row.',
    icon: 'csvFile.svg',
    color: '#478627',
    baseClasses: DOCUMENT_CLASSES,
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Csv File', name: 'csvFile', type: 'file', fileType: '.csv' },
      textSplitterAnchor,
      {
        label: 'Single Column Extraction',
        name: 'columnName',
        type: 'string',
        description: 'Use only this column as the text of each row.',
        placeholder: 'question',
        optional: true,
        additionalParams: true,
      },
      metadataParam,
    ],
    outputs: LOADER_OUTPUTS,
  },
  run: notRunnableYet,
})
