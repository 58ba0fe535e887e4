// A small, forgiving reader of HTML fragments such as a rich-text editor saves: elements, their
// attributes and their text, entities decoded. It is not a browser's parser: a `<` that opens no tag
// is text, a closing tag with no open element is ignored, and elements left open close at the end.

export interface HtmlElement {
  tag: string
  attributes: Readonly<Record<string, string>>
  children: HtmlNode[]
}

/** Text (entities decoded) or an element. */
export type HtmlNode = string | HtmlElement

const VOID = new Set('area base br col embed hr img input link meta source track wbr'.split(' '))
/** Elements a new one of the same kind closes, as in `<li>a<li>b`. */
const SELF_CLOSING_SIBLINGS = new Set(['p', 'li'])

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/y
const COMMENT = /<!--[\s\S]*?(?:-->|$)|<![^>]*>/y
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
const ENTITY = /&(#\d+|#[xX][0-9a-fA-F]+|[a-zA-Z][a-zA-Z0-9]*);/g

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  times: '×',
  divide: '÷',
  deg: '°',
  euro: '€',
}

/** Text with its character references (`&amp;`, `&#39;`, `&#x1F600;`) written out; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(ENTITY, (match: string, name: string) => {
    if (name[0] !== '#') return NAMED[name] ?? match
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
    return valid ? String.fromCodePoint(code) : match
  })
}

function readAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {}
  for (const [, name, double, single, bare] of source.matchAll(ATTRIBUTE)) {
    attributes[name!.toLowerCase()] = decodeEntities(double ?? single ?? bare ?? '')
  }
  return attributes
}

/** The tree of an HTML fragment, under a root element named `#root`. */
export function parseHtmlFragment(html: string): HtmlElement {
  const root: HtmlElement = { tag: '#root', attributes: {}, children: [] }
  const open: HtmlElement[] = [root]
  const current = () => open[open.length - 1]!
  const addText = (text: string) => {
    if (text === '') return
    const siblings = current().children
    const last = siblings[siblings.length - 1]
    if (typeof last === 'string') siblings[siblings.length - 1] = last + decodeEntities(text)
    else siblings.push(decodeEntities(text))
  }
  const closeTo = (tag: string) => {
    const index = open.map((element) => element.tag).lastIndexOf(tag)
    if (index > 0) open.length = index
  }
  let at = 0
  while (at < html.length) {
    const lt = html.indexOf('<', at)
    if (lt === -1) {
      addText(html.slice(at))
      break
    }
    addText(html.slice(at, lt))
    COMMENT.lastIndex = lt
    if (COMMENT.test(html)) {
      at = COMMENT.lastIndex
      continue
    }
    TAG.lastIndex = lt
    const tag = TAG.exec(html)
    if (!tag) {
      addText('<')
      at = lt + 1
      continue
    }
    at = TAG.lastIndex
    const name = tag[2]!.toLowerCase()
    if (tag[1]) {
      closeTo(name)
      continue
    }
    if (SELF_CLOSING_SIBLINGS.has(name) && current().tag === name) open.pop()
    const element: HtmlElement = { tag: name, attributes: readAttributes(tag[3] ?? ''), children: [] }
    current().children.push(element)
    if (!VOID.has(name)) open.push(element)
  }
  return root
}

/** The text inside a node, as written: `<br>` as a line break, tags left out. */
export function textContent(node: HtmlNode): string {
  if (typeof node === 'string') return node
  if (node.tag === 'br') return '\n'
  return node.children.map(textContent).join('')
}
