import { defineNode } from '../define-node.js'
import { splitOnSeparator } from '../documents/split-on-separator.js'
import { documentSplitter } from '../documents/text-splitter.js'
import { readText } from '../runtime/read-input.js'
import { chunkOverlapParam, chunkSizeParam } from './chunk-params.js'
import { readChunkSizes } from './read-chunk-sizes.js'

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\' }

/**
 * The separator as typed: `\n`, `\t` and `\r` stand for a line break, a tab and a carriage
 * return, since a text box cannot hold a bare line break; empty means a blank line, LangChain's default.
 */
function readSeparator(raw: unknown): string {
  const typed = readText(raw)
  return typed === '' ? '\n\n' : typed.replace(/\\([ntr\\])/g, (_, char: string) => ESCAPES[char]!)
}

export default defineNode({
  descriptor: {
    label: 'Character Text Splitter',
    name: 'characterTextSplitter',
    version: 1,
    type: 'CharacterTextSplitter',
    category: 'Text Splitters',
    description: 'Cut text into chunks at one separator only (a blank line unless you choose another).',
    icon: 'characterTextSplitter.svg',
    color: '#9C4F2F',
    baseClasses: ['CharacterTextSplitter', 'TextSplitter', 'BaseDocumentTransformer', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      chunkSizeParam,
      chunkOverlapParam,
      {
        label: 'Custom Separator',
        name: 'separator',
        type: 'string',
        description:
          'Where text may be cut, replacing the blank line; \\n stands for a line break. A piece longer than the chunk size is kept whole.',
        placeholder: '\\n',
        optional: true,
      },
    ],
  },
  run: async ({ inputs }) => {
    const sizes = readChunkSizes(inputs)
    const separator = readSeparator(inputs.separator)
    return documentSplitter((text) => splitOnSeparator(text, separator, sizes))
  },
})
