import type { Cheerio, CheerioAPI } from 'cheerio'
import { loadCheerio } from './cheerio.js'

/** A node of the parsed page (domhandler's, which cheerio does not re-export). */
type AnyNode = Exclude<Parameters<CheerioAPI['load']>[0], string | Buffer | readonly unknown[]>

// HTML written as Markdown, so the HtmlToMarkdown Text Splitter cuts pages along their headings,
// lists and code blocks: headings become #, lists - and 1., <pre> fenced code, tables | rows |,
// links and images keep their addresses. Scripts, styles and other non-text parts are dropped.

const DROPPED = 'script, style, noscript, template, iframe, object, embed, svg, canvas, head'
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'header', 'footer', 'main', 'nav', 'aside', 'form', 'figure'])

const inline = (text: string) => text.replace(/\s+/g, ' ')

function childrenText($: CheerioAPI, nodes: Cheerio<AnyNode>): string {
  return nodes
    .contents()
    .toArray()
    .map((node) => nodeText($, node))
    .join('')
}

function listText($: CheerioAPI, list: AnyNode, ordered: boolean): string {
  const items = $(list)
    .children('li')
    .toArray()
    .map(
      (item, index) => `${ordered ? `${index + 1}.` : '-'} ${childrenText($, $(item)).trim().replace(/\n+/g, '\n  ')}`,
    )
  return `\n\n${items.join('\n')}\n\n`
}

function tableText($: CheerioAPI, table: AnyNode): string {
  const rows = $(table)
    .find('tr')
    .toArray()
    .map((row) =>
      $(row)
        .children('th, td')
        .toArray()
        .map((cell) => childrenText($, $(cell)).trim().replace(/\|/g, '\\|')),
    )
  if (!rows.length) return ''
  const header = `| ${rows[0]!.join(' | ')} |\n| ${rows[0]!.map(() => '---').join(' | ')} |`
  return `\n\n${[header, ...rows.slice(1).map((cells) => `| ${cells.join(' | ')} |`)].join('\n')}\n\n`
}

function nodeText($: CheerioAPI, node: AnyNode): string {
  if (node.type === 'text') return inline(node.data)
  if (node.type !== 'tag') return ''
  const tag = node.tagName.toLowerCase()
  const inner = () => childrenText($, $(node))
  const heading = /^h([1-6])$/.exec(tag)
  if (heading) return `\n\n${'#'.repeat(Number(heading[1]))} ${inner().trim()}\n\n`
  if (BLOCKS.has(tag)) return `\n\n${inner().trim()}\n\n`
  switch (tag) {
    case 'br':
      return '\n'
    case 'hr':
      return '\n\n---\n\n'
    case 'pre':
      return `\n\n\`\`\`\n${$(node).text().replace(/\n$/, '')}\n\`\`\`\n\n`
    case 'code':
      return `\`${$(node).text()}\``
    case 'strong':
    case 'b':
      return `**${inner().trim()}**`
    case 'em':
    case 'i':
      return `*${inner().trim()}*`
    case 'a': {
      const href = $(node).attr('href')
      return href ? `[${inner().trim()}](${href})` : inner()
    }
    case 'img': {
      const src = $(node).attr('src')
      return src ? `![${$(node).attr('alt') ?? ''}](${src})` : ''
    }
    case 'ul':
    case 'ol':
      return listText($, node, tag === 'ol')
    case 'table':
      return tableText($, node)
    case 'blockquote':
      return `\n\n${inner()
        .trim()
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}\n\n`
    default:
      return inner()
  }
}

/**
 * Answers the function that writes an HTML page or fragment as Markdown (lines trimmed, at most one
 * blank line in a row), once cheerio is loaded.
 */
export async function loadHtmlToMarkdown(): Promise<(html: string) => string> {
  const { load } = await loadCheerio()
  return (html) => htmlToMarkdown(load(html))
}

function htmlToMarkdown($: CheerioAPI): string {
  $(DROPPED).remove()
  const root = $('body').length ? $('body') : $.root()
  return childrenText($, root)
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, '').replace(/^ +(?![-\d*>|])/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
