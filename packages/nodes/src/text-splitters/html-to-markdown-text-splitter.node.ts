import { defineNode } from '../define-node.js'
import { loadHtmlToMarkdown } from '../documents/html-markdown.js'
import { MARKDOWN_SEPARATORS } from '../documents/separators.js'
import { splitText } from '../documents/split-text.js'
import { documentSplitter, type TextSplitter } from '../documents/text-splitter.js'
import { chunkOverlapParam, chunkSizeParam } from './chunk-params.js'
import { readChunkSizes } from './read-chunk-sizes.js'

export default defineNode({
  descriptor: {
    label: 'HtmlToMarkdown Text Splitter',
    name: 'htmlToMarkdownTextSplitter',
    version: 1,
    type: 'HtmlToMarkdownTextSplitter',
    category: 'Text Splitters',
    description: 'Turn HTML into Markdown, then cut it into chunks along its headings, lists and code blocks.',
    icon: 'htmlToMarkdownTextSplitter.svg',
    color: '#B5652E',
    baseClasses: [
      'HtmlToMarkdownTextSplitter',
      'MarkdownTextSplitter',
      'RecursiveCharacterTextSplitter',
      'TextSplitter',
      'BaseDocumentTransformer',
    ],
    canvases: ['chatflow', 'sequential'],
    inputs: [chunkSizeParam, chunkOverlapParam],
  },
  run: async ({ inputs }): Promise<TextSplitter> => {
    const options = { ...readChunkSizes(inputs), separators: MARKDOWN_SEPARATORS }
    // Lines in `loc.lines` count in the Markdown, the text the chunks are slices of.
    const markdownSplitter = documentSplitter((text) => splitText(text, options))
    const htmlToMarkdown = await loadHtmlToMarkdown()
    return {
      kind: 'textSplitter',
      split: (documents) =>
        markdownSplitter.split(
          documents.map((document) => ({ ...document, pageContent: htmlToMarkdown(document.pageContent) })),
        ),
    }
  },
})
