import { defineNode } from '../define-node.js'
import { splitTokens } from '../documents/split-tokens.js'
import { documentSplitter } from '../documents/text-splitter.js'
import { ENCODING_NAMES, isEncodingName, loadEncoding } from '../documents/tiktoken-encodings.js'
import { readText } from '../runtime/read-input.js'
import { chunkOverlapParam, chunkSizeParam } from './chunk-params.js'
import { readChunkSizes } from './read-chunk-sizes.js'

export default defineNode({
  descriptor: {
    label: 'Token Text Splitter',
    name: 'tokenTextSplitter',
    version: 1,
    type: 'TokenTextSplitter',
    category: 'Text Splitters',
    description: 'Cut text into chunks of a number of tokens, counted as an OpenAI model counts them.',
    icon: 'tokenTextSplitter.svg',
    color: '#B0462B',
    baseClasses: ['TokenTextSplitter', 'TextSplitter', 'BaseDocumentTransformer', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Encoding Name',
        name: 'encodingName',
        type: 'options',
        description:
          'How tokens are counted: cl100k_base for GPT-4 and GPT-3.5, o200k_base for GPT-4o, gpt2 for older models.',
        // Flowise's five encodings, named as it names them, and o200k_base (GPT-4o) besides.
        options: ENCODING_NAMES.map((name) => ({ label: name, name })),
        default: 'gpt2',
      },
      { ...chunkSizeParam, description: 'The most tokens in one chunk.' },
      {
        ...chunkOverlapParam,
        description: 'Tokens repeated from the end of one chunk at the start of the next, so no sentence is lost.',
      },
    ],
  },
  run: async ({ inputs }) => {
    const sizes = readChunkSizes(inputs)
    const name = readText(inputs.encodingName).trim() || 'gpt2'
    if (!isEncodingName(name)) {
      throw new Error(`Encoding Name must be one of ${ENCODING_NAMES.join(', ')}, not "${name}".`)
    }
    const encoding = await loadEncoding(name)
    return documentSplitter((text) => splitTokens(text, encoding, sizes))
  },
})
