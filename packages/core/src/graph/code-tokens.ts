/** A piece of JavaScript source: code, or the body of a string literal (quotes removed). */
export interface CodeToken {
  kind: 'code' | 'string'
  text: string
}

/**
 * Splits JavaScript source into code and string literals and drops comments, so that rules about
 * condition code (a `return` is present, which strings it returns) are not fooled by a `return`
 * written in a comment or inside a string. Template literals count as strings as a whole.
 */
export function codeTokens(source: string): CodeToken[] {
  const tokens: CodeToken[] = []
  let code = ''
  let at = 0
  while (at < source.length) {
    const char = source[at]!
    const next = source[at + 1]
    if (char === '/' && next === '/') {
      at = endOf(source, '\n', at + 2)
    } else if (char === '/' && next === '*') {
      at = endOf(source, '*/', at + 2) + 2
      code += ' '
    } else if (char === '"' || char === "'" || char === '`') {
      const end = closingQuote(source, char, at + 1)
      tokens.push({ kind: 'code', text: code }, { kind: 'string', text: unescape(source.slice(at + 1, end)) })
      code = ''
      at = end + 1
    } else {
      code += char
      at += 1
    }
  }
  tokens.push({ kind: 'code', text: code })
  return tokens.filter((token) => token.kind === 'string' || token.text !== '')
}

function endOf(source: string, marker: string, from: number): number {
  const index = source.indexOf(marker, from)
  return index === -1 ? source.length : index
}

function closingQuote(source: string, quote: string, from: number): number {
  let at = from
  while (at < source.length && source[at] !== quote) at += source[at] === '\\' ? 2 : 1
  return Math.min(at, source.length)
}

function unescape(body: string): string {
  return body.replace(/\\(.)/g, '$1')
}
