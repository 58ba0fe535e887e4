import { defineNode, notRunnableYet } from '../define-node.js'
import { DOCUMENT_CLASSES, LOADER_OUTPUTS, metadataParam, textSplitterAnchor } from './loader-params.js'

export default defineNode({
  descriptor: {
    label: 'Json File',
    name: 'jsonFile',
    version: 1,
    type: 'Document',
    category: 'Document Loaders',
    description: 'Read the text values of a JSON file, optionally only at chosen keys.',
    icon: 'jsonFile.svg',
    color: '#419E2E',
    baseClasses: DOCUMENT_CLASSES,
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Json File', name: 'jsonFile', type: 'file', fileType: '.json' },
      textSplitterAnchor,
      {
        label: 'Pointers Extraction',
        name: 'pointersName',
        type: 'string',
        description: 'Comma-separated keys whose values become the text; empty reads every value.',
        placeholder: 'title, body',
        optional: true,
        additionalParams: true,
      },
      metadataParam,
    ],
    outputs: LOADER_OUTPUTS,
  },
  run: notRunnableYet,
})
