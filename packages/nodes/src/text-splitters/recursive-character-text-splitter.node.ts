import { defineNode, notRunnableYet } from '../define-node.js'
import { chunkOverlapParam, chunkSizeParam } from './chunk-params.js'

export default defineNode({
  descriptor: {
    label: 'Recursive Character Text Splitter',
    name: 'recursiveCharacterTextSplitter',
    version: 1,
    type: 'RecursiveCharacterTextSplitter',
    category: 'Text Splitters',
    description: 'Cut text into chunks at paragraphs, then lines, then words, keeping related text together.',
    icon: 'recursiveCharacterTextSplitter.svg',
    color: '#B8532E',
    baseClasses: ['RecursiveCharacterTextSplitter', 'TextSplitter', 'BaseDocumentTransformer', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      chunkSizeParam,
      chunkOverlapParam,
      {
        label: 'Custom Separators',
        name: 'separators',
        type: 'string',
        rows: 4,
        description: 'A JSON array of separators tried in order, replacing the default ones.',
        placeholder: '["|", "##", ">", "-"]',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  run: notRunnableYet,
})
