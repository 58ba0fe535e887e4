import { parseHtmlFragment, textContent, type HtmlElement, type HtmlNode } from './html-fragment.js'

// Flowise 3's agentflow editor (TipTap) saves a step's text inputs as HTML: paragraphs, line breaks,
// lists, code blocks, and variables as mention spans whose text is the `{{ … }}` reference. Flowise
// turns such an input into Markdown before it resolves the references, and so does Weft: a model
// reads the prompt, not the markup, and a Condition compares "SOFTWARE", not "<p>SOFTWARE</p>".

/**
 * How Flowise recognises the editor's HTML: the text opens with one of its block tags. A text that
 * merely contains a tag, or opens with one of the user's own (`<instructions>…`), is not rich text.
 */
const RICH_TEXT_START = /^\s*<(?:p|div|h[1-6]|ul|ol|blockquote|pre|table)\b/i

const BLOCKS = new Set([
  ...'p div section article header footer main aside nav figure figcaption dl dt dd'.split(' '),
  ...'h1 h2 h3 h4 h5 h6 ul ol li blockquote pre table hr'.split(' '),
])

/** Whether a text input is HTML saved by Flowise's rich-text editor (it opens with a block tag such as `<p>`). */
export function isRichText(text: string): boolean {
  return RICH_TEXT_START.test(text)
}

/**
 * The rich editor's HTML as Markdown text: paragraphs and blocks apart by a blank line, `<br>` a
 * line break, mention spans their `{{ … }}` reference, entities decoded, headings `#`, lists `-` and
 * `1.` (nested lists indented), code blocks fenced, bold `**`, italic `_`, links `[text](href)`.
 * Markdown the user typed inside the HTML is kept as typed. Spaces typed inside a line are kept (the
 * editor keeps them); line breaks in the HTML source are not text.
 */
export function richTextToMarkdown(html: string): string {
  return blocksOf(parseHtmlFragment(html).children).join('\n\n').replaceAll('\u00a0', ' ')
}

/** A step's text input as Flowise reads it: the rich editor's HTML as Markdown, any other text unchanged. */
export function readRichText(text: string): string {
  return isRichText(text) ? richTextToMarkdown(text) : text
}

/** `readRichText` through every string of a step's inputs (rows of a table, a tool's settings), keeping their shape. */
export function readRichTextInputs<T>(value: T): T {
  if (typeof value === 'string') return readRichText(value) as T
  if (Array.isArray(value)) return value.map(readRichTextInputs) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, readRichTextInputs(item)])) as T
  }
  return value
}

const isBlock = (node: HtmlNode): node is HtmlElement => typeof node !== 'string' && BLOCKS.has(node.tag)

/** The blocks of a run of nodes: text and inline elements between blocks make paragraphs; empty ones are left out. */
function blocksOf(nodes: readonly HtmlNode[]): string[] {
  const blocks: string[] = []
  let inline = ''
  const endParagraph = () => {
    const paragraph = tidyLine(inline)
    if (paragraph !== '') blocks.push(paragraph)
    inline = ''
  }
  for (const node of nodes) {
    if (!isBlock(node)) {
      inline += inlineOf(node)
      continue
    }
    endParagraph()
    const block = blockOf(node)
    if (block !== '') blocks.push(block)
  }
  endParagraph()
  return blocks
}

/** Spaces around line breaks and at the ends go; spaces typed between words stay. */
const tidyLine = (text: string) => text.replace(/[ \t]+\n/g, '\n').trim()

function blockOf(element: HtmlElement): string {
  const heading = /^h([1-6])$/.exec(element.tag)
  if (heading) {
    const text = tidyLine(element.children.map(inlineOf).join('')).replace(/\s*\n\s*/g, ' ')
    return text === '' ? '' : `${'#'.repeat(Number(heading[1]))} ${text}`
  }
  switch (element.tag) {
    case 'ul':
    case 'ol':
      return listOf(element)
    case 'li':
      return blocksOf(element.children).join('\n')
    case 'blockquote':
      return blocksOf(element.children)
        .join('\n\n')
        .split('\n')
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n')
    case 'pre':
      return codeBlockOf(element)
    case 'table':
      return tableOf(element)
    case 'hr':
      return '---'
    default:
      return blocksOf(element.children).join('\n\n')
  }
}

function listOf(list: HtmlElement): string {
  const ordered = list.tag === 'ol'
  const start = ordered ? Number.parseInt(list.attributes.start ?? '1', 10) || 1 : 1
  const items = list.children.filter((child): child is HtmlElement => typeof child !== 'string' && child.tag === 'li')
  return items
    .map((item, index) => {
      const checked = item.attributes['data-checked']
      const task = checked === undefined ? '' : checked === 'true' ? '[x] ' : '[ ] '
      const marker = ordered ? `${start + index}. ` : '- '
      const body = blocksOf(item.children).join('\n')
      return marker + task + body.replaceAll('\n', `\n${' '.repeat(marker.length)}`)
    })
    .join('\n')
}

function codeBlockOf(pre: HtmlElement): string {
  const code = textContent(pre).replace(/\n$/, '')
  const codeElement = pre.children.find(
    (child): child is HtmlElement => typeof child !== 'string' && child.tag === 'code',
  )
  const language = /(?:^|\s)language-(\S+)/.exec(codeElement?.attributes.class ?? '')?.[1] ?? ''
  const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(Math.max(3, longestRun + 1))
  return `${fence}${language}\n${code}\n${fence}`
}

function tableOf(table: HtmlElement): string {
  const rows: HtmlElement[] = []
  const findRows = (element: HtmlElement) => {
    for (const child of element.children) {
      if (typeof child === 'string') continue
      if (child.tag === 'tr') rows.push(child)
      else if (child.tag !== 'table') findRows(child)
    }
  }
  findRows(table)
  const lines = rows.map((row) => {
    const cells = row.children.filter(
      (cell): cell is HtmlElement => typeof cell !== 'string' && (cell.tag === 'td' || cell.tag === 'th'),
    )
    return cells.map((cell) =>
      blocksOf(cell.children)
        .join(' ')
        .replace(/\s*\n\s*/g, ' ')
        .replaceAll('|', '\\|'),
    )
  })
  if (lines.length === 0) return ''
  const header = lines[0]!
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [row(header), row(header.map(() => '---')), ...lines.slice(1).map(row)].join('\n')
}

/** Markers around a text, outside the spaces at its ends (`**bold** `, never `**bold **`). */
function wrap(text: string, marker: string): string {
  const core = text.trim()
  if (core === '') return text
  const before = text.slice(0, text.length - text.trimStart().length)
  const after = text.slice(text.trimEnd().length)
  return `${before}${marker}${core}${marker}${after}`
}

function inlineOf(node: HtmlNode): string {
  // Line breaks in the HTML source are layout, not text: they read as one space.
  if (typeof node === 'string') return node.replace(/[ \t]*[\r\n]+[ \t\r\n]*/g, ' ')
  const inner = () => node.children.map(inlineOf).join('')
  switch (node.tag) {
    case 'br':
      return '\n'
    case 'strong':
    case 'b':
      return wrap(inner(), '**')
    case 'em':
    case 'i':
      return wrap(inner(), '_')
    case 's':
    case 'del':
    case 'strike':
      return wrap(inner(), '~~')
    case 'code':
      return `\`${textContent(node)}\``
    case 'a': {
      const text = inner()
      const href = node.attributes.href
      return href && href !== text.trim() ? `[${text.trim()}](${href})` : text
    }
    case 'img': {
      const { src, alt } = node.attributes
      return src ? `![${alt ?? ''}](${src})` : ''
    }
    case 'span':
      return node.attributes['data-type'] === 'mention' ? mentionOf(node) : inner()
    default:
      return isBlock(node) ? ` ${blocksOf([node]).join(' ')} ` : inner()
  }
}

/** A variable the editor shows as a chip: its text is the reference; a chip saved without it names its id. */
function mentionOf(span: HtmlElement): string {
  const text = textContent(span).trim()
  if (text.includes('{{')) return text
  const id = span.attributes['data-id'] ?? span.attributes['data-label'] ?? text
  return id ? `{{ ${id} }}` : ''
}
