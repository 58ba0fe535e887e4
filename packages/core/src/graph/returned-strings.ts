import { codeTokens } from './code-tokens.js'
import type { CodeToken } from './code-tokens.js'

/** Code right before a string that can be an outcome: `return`, a ternary branch, `||`, `&&`, a grouping `(`. */
const OUTCOME_BEFORE = /(?:\breturn|[?:]|&&|\|\||(?<![\w$\])])\()\s*$/
/** Code right after a string that ends an outcome. */
const OUTCOME_AFTER = /^[ \t]*(?:$|[;:)}\r\n]|&&|\|\|)/

/**
 * The string literals a condition function returns, in order, distinct: `return 'Agent'`, both
 * branches of `return ok ? 'Done' : 'Retry'`. Strings compared or passed to calls inside the return
 * (`x === 'a'`, `s.includes('a')`) are not outcomes, nor are strings in comments.
 */
export function returnedOutputNames(code: string): string[] {
  const tokens = codeTokens(code)
  const names = tokens.flatMap((token, index) => {
    if (token.kind !== 'string' || token.text.trim() === '') return []
    const before = tokens[index - 1]?.text ?? ''
    const after = tokens[index + 1]?.text ?? ''
    const isOutcome = OUTCOME_BEFORE.test(before) && OUTCOME_AFTER.test(after) && insideReturn(tokens, index)
    return isOutcome ? [token.text.trim()] : []
  })
  return [...new Set(names)]
}

/** Whether a `return` starts the statement the token at `index` belongs to. */
function insideReturn(tokens: readonly CodeToken[], index: number): boolean {
  for (let at = index - 1; at >= 0; at -= 1) {
    const token = tokens[at]!
    if (token.kind === 'string') continue
    const statementStart = Math.max(
      token.text.lastIndexOf(';'),
      token.text.lastIndexOf('{'),
      token.text.lastIndexOf('}'),
    )
    const returnAt = lastReturn(token.text)
    if (returnAt > statementStart) return true
    if (statementStart !== -1) return false
  }
  return false
}

function lastReturn(text: string): number {
  let found = -1
  for (const match of text.matchAll(/\breturn\b/g)) found = match.index
  return found
}
