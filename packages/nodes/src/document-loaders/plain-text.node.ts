import { defineNode } from '../define-node.js'
import { loaderOutput } from '../documents/loader-output.js'
import { readText } from '../runtime/read-input.js'
import { DOCUMENT_CLASSES, LOADER_OUTPUTS, metadataParam, textSplitterAnchor } from './loader-params.js'

export default defineNode({
  descriptor: {
    label: 'Plain Text',
    name: 'plainText',
    version: 1,
    type: 'Document',
    category: 'Document Loaders',
    description: 'Use text you type or paste as a document.',
    icon: 'plainText.svg',
    color: '#5F8E29',
    baseClasses: DOCUMENT_CLASSES,
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Text', name: 'text', type: 'string', rows: 4, placeholder: 'Paste the text to search here.' },
      textSplitterAnchor,
      metadataParam,
    ],
    outputs: LOADER_OUTPUTS,
  },
  run: async (context) => {
    const text = readText(context.inputs.text)
    if (text.trim() === '') throw new Error('Write or paste the text to search in Text.')
    // The node's label names the source, so renaming the node (e.g. "Handbook") names its passages.
    return loaderOutput([{ pageContent: text, metadata: { source: context.label } }], context)
  },
})
