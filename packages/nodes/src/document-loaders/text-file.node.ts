import { defineNode } from '../define-node.js'
import { readTextFiles, type TextFile } from '../documents/file-input.js'
import { loadCheerio } from '../documents/cheerio.js'
import { htmlText } from '../documents/html-text.js'
import { loaderOutput } from '../documents/loader-output.js'
import { DOCUMENT_CLASSES, LOADER_OUTPUTS, metadataParam, textSplitterAnchor } from './loader-params.js'

// Flowise's list of text files (its Text File node), with .htm beside .html.
const TEXT_FILE_TYPES =
  '.txt, .html, .htm, .aspx, .asp, .cpp, .c, .cs, .css, .go, .h, .java, .js, .less, .ts, .php, .proto, .python, .py, .rst, .ruby, .rb, .rs, .scala, .sc, .scss, .sol, .sql, .swift, .markdown, .md, .tex, .ltx, .vb, .xml'

const isHtml = (file: TextFile) =>
  /\.(html?|xhtml)$/i.test(file.name) || /^(text\/html|application\/xhtml\+xml)$/i.test(file.mime)

export default defineNode({
  descriptor: {
    label: 'Text File',
    name: 'textFile',
    version: 1,
    type: 'Document',
    category: 'Document Loaders',
    description: 'Read a text file (text, Markdown, code, HTML as its readable text), one document per file.',
    icon: 'textFile.svg',
    color: '#4F8A2B',
    baseClasses: DOCUMENT_CLASSES,
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Txt File', name: 'txtFile', type: 'file', fileType: TEXT_FILE_TYPES },
      textSplitterAnchor,
      metadataParam,
    ],
    outputs: LOADER_OUTPUTS,
  },
  run: async (context) => {
    const { load } = await loadCheerio()
    const documents = readTextFiles(context.inputs.txtFile, 'Txt File').flatMap((file) => {
      // A web page's markup would swamp its words in every chunk, so only what a reader sees is kept.
      const pageContent = isHtml(file) ? htmlText(load(file.text)) : file.text
      return pageContent.trim() === '' ? [] : [{ pageContent, metadata: { source: file.name } }]
    })
    return loaderOutput(documents, context)
  },
})
