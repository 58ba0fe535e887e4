import { defineNode } from '../define-node.js'
import { markdownSections } from '../documents/markdown-sections.js'
import { MARKDOWN_SEPARATORS } from '../documents/separators.js'
import { splitText, type SplitOptions } from '../documents/split-text.js'
import { documentSplitter } from '../documents/text-splitter.js'
import { chunkOverlapParam, chunkSizeParam } from './chunk-params.js'
import { readChunkSizes } from './read-chunk-sizes.js'

const HEADER_LEVELS: Record<string, number> = { headers_h1: 1, headers_h2: 2, headers_h3: 3 }

/** Each section (when Split by Headers is on) is cut by size on its own, so no chunk spans two sections. */
function splitMarkdown(text: string, options: SplitOptions, level: number | undefined) {
  if (level === undefined) return splitText(text, options)
  return markdownSections(text, level).flatMap((section) =>
    splitText(section.text, options).map((chunk) => ({ ...chunk, start: section.start + chunk.start })),
  )
}

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
  run: async ({ inputs }) => {
    const options = { ...readChunkSizes(inputs), separators: MARKDOWN_SEPARATORS }
    const level = typeof inputs.splitByHeaders === 'string' ? HEADER_LEVELS[inputs.splitByHeaders] : undefined
    return documentSplitter((text) => splitMarkdown(text, options, level))
  },
})
