import { defineNode } from '../define-node.js'
import { customSeparators, DEFAULT_SEPARATORS, type Separator } from '../documents/separators.js'
import { splitText } from '../documents/split-text.js'
import { documentSplitter } from '../documents/text-splitter.js'
import { chunkOverlapParam, chunkSizeParam } from './chunk-params.js'
import { readChunkSizes } from './read-chunk-sizes.js'

/** Custom Separators: a JSON array of texts (or the array itself); empty keeps the default ones. */
function readSeparators(raw: unknown): Separator[] {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return DEFAULT_SEPARATORS
  let value: unknown = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch {
      value = undefined
    }
  }
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new Error('Custom Separators must be a JSON array of texts, such as ["\\n\\n", "##", "-"].')
  }
  return value.length ? customSeparators(value) : DEFAULT_SEPARATORS
}

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
  run: async ({ inputs }) => {
    const options = { ...readChunkSizes(inputs), separators: readSeparators(inputs.separators) }
    return documentSplitter((text) => splitText(text, options))
  },
})
