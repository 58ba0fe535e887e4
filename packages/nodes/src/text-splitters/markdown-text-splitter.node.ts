import { defineNode, notRunnableYet } from '../define-node.js'
import { chunkOverlapParam, chunkSizeParam } from './chunk-params.js'

export default defineNode({
  descriptor: {
    label: 'Markdown Text Splitter',
    name: 'markdownTextSplitter',
    version: 1,
    type: 'MarkdownTextSplitter',
    category: 'Text Splitters',
    description: 'Cut Markdown into chunks along its headings, lists and code blocks.',
    icon: 'markdownTextSplitter.svg',
    color: '#A35A29',
    baseClasses: ['MarkdownTextSplitter', 'RecursiveCharacterTextSplitter', 'TextSplitter', 'BaseDocumentTransformer'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      chunkSizeParam,
      chunkOverlapParam,
      {
        label: 'Split by Headers',
        name: 'splitByHeaders',
        type: 'options',
        description: 'Start a new chunk at every heading of this level or higher.',
        options: [
          { label: 'Disabled', name: 'disabled' },
          { label: '# Headers (H1)', name: 'headers_h1' },
          { label: '## Headers (H2)', name: 'headers_h2' },
          { label: '### Headers (H3)', name: 'headers_h3' },
        ],
        default: 'disabled',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  run: notRunnableYet,
})
