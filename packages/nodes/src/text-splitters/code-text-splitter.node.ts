import { CODE_LANGUAGES, codeBoundaries, isCodeLanguage } from '@weft/core'
import { defineNode } from '../define-node.js'
import { DEFAULT_SEPARATORS, type Separator } from '../documents/separators.js'
import { splitText } from '../documents/split-text.js'
import { documentSplitter } from '../documents/text-splitter.js'
import { chunkOverlapParam, chunkSizeParam } from './chunk-params.js'
import { readChunkSizes } from './read-chunk-sizes.js'

/** The language's boundaries first (each begins the next piece), then paragraphs, lines, words. */
const codeSeparators = (language: (typeof CODE_LANGUAGES)[number]): Separator[] => [
  ...codeBoundaries(language).map((source): Separator => ({ pattern: new RegExp(source, 'gm'), keep: 'start' })),
  ...DEFAULT_SEPARATORS,
]

export default defineNode({
  descriptor: {
    label: 'Code Text Splitter',
    name: 'codeTextSplitter',
    version: 1,
    type: 'CodeTextSplitter',
    category: 'Text Splitters',
    description: 'Cut source code into chunks at its functions, classes and blocks, by language.',
    icon: 'codeTextSplitter.svg',
    color: '#8A6D2B',
    baseClasses: [
      'CodeTextSplitter',
      'RecursiveCharacterTextSplitter',
      'TextSplitter',
      'BaseDocumentTransformer',
      'Runnable',
    ],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Language',
        name: 'language',
        type: 'options',
        options: CODE_LANGUAGES.map((language) => ({ label: language, name: language })),
      },
      chunkSizeParam,
      chunkOverlapParam,
    ],
  },
  run: async ({ inputs, label }) => {
    const language = inputs.language
    if (!isCodeLanguage(language)) {
      throw new Error(`${label}: choose a Language (${CODE_LANGUAGES.join(', ')}).`)
    }
    const options = { ...readChunkSizes(inputs), separators: codeSeparators(language) }
    return documentSplitter((text) => splitText(text, options))
  },
})
