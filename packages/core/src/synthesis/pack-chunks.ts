// Packing rules of the response synthesizers (Compact and Refine, Tree Summarize): retrieved
// passages are joined into as few model calls as fit, measured in characters so the rule stays
// pure and the same on every model.

/** What joins two passages packed into one chunk. */
export const CHUNK_SEPARATOR = '\n\n'

/** Splits a text longer than `maxChars` at the last sentence end, line end or space before the limit. */
export function splitLongText(text: string, maxChars: number): string[] {
  const pieces: string[] = []
  let rest = text.trim()
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars + 1)
    const cut = Math.max(window.lastIndexOf('. ') + 1, window.lastIndexOf('\n'), window.lastIndexOf(' '))
    const at = cut > maxChars / 2 ? cut : maxChars
    pieces.push(rest.slice(0, at).trim())
    rest = rest.slice(at).trim()
  }
  if (rest) pieces.push(rest)
  return pieces
}

/**
 * Joins the texts, in order, into the fewest chunks of at most `maxChars` each; a text longer than
 * that is split first. Empty texts are dropped.
 */
export function packChunks(texts: readonly string[], maxChars: number): string[] {
  if (maxChars < 1) throw new RangeError('packChunks: maxChars must be at least 1.')
  const chunks: string[] = []
  let current = ''
  for (const piece of texts.flatMap((text) => splitLongText(text, maxChars))) {
    const joined = current ? `${current}${CHUNK_SEPARATOR}${piece}` : piece
    if (joined.length <= maxChars) {
      current = joined
    } else {
      chunks.push(current)
      current = piece
    }
  }
  if (current) chunks.push(current)
  return chunks
}

/** The characters left for context once the prompt's own text is counted; never less than a quarter. */
export function contextBudget(template: string, maxPromptChars: number): number {
  return Math.max(Math.floor(maxPromptChars / 4), maxPromptChars - template.length)
}
