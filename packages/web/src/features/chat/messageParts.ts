/** A piece of a message: prose, or a fenced code block shown as written. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'code'; language: string; text: string }

const FENCE = /^```([\w+-]*)[^\n]*\n?/m

/**
 * Splits a message into prose and ``` fenced code blocks. A fence still open (the answer is still
 * streaming) runs to the end. A message that is a JSON document alone becomes one formatted block,
 * so structured answers read as data, not as one long line.
 */
export function messageParts(message: string): MessagePart[] {
  const json = asJsonBlock(message)
  if (json) return [json]
  const parts: MessagePart[] = []
  let rest = message
  for (;;) {
    const open = FENCE.exec(rest)
    if (!open) break
    const before = rest.slice(0, open.index)
    if (before.trim()) parts.push({ kind: 'text', text: trimNewlines(before) })
    const body = rest.slice(open.index + open[0].length)
    const close = body.search(/^```[ \t]*$/m)
    parts.push({
      kind: 'code',
      language: open[1] ?? '',
      text: trimNewlines(close === -1 ? body : body.slice(0, close)),
    })
    if (close === -1) return parts
    rest = body.slice(close).replace(/^```[ \t]*\n?/, '')
  }
  if (rest.trim()) parts.push({ kind: 'text', text: trimNewlines(rest) })
  return parts
}

const trimNewlines = (text: string) => text.replace(/^\n+|\n+$/g, '')

function asJsonBlock(message: string): MessagePart | undefined {
  const trimmed = message.trim()
  if (!/^[[{]/.test(trimmed)) return undefined
  try {
    return { kind: 'code', language: 'json', text: JSON.stringify(JSON.parse(trimmed), null, 2) }
  } catch {
    return undefined
  }
}

/** Inline `code` spans within prose. */
export type InlinePart = { kind: 'text' | 'code'; text: string }

export const inlineParts = (text: string): InlinePart[] =>
  text
    .split(/(`[^`\n]+`)/)
    .filter((piece) => piece !== '')
    .map((piece) =>
      piece.length > 2 && piece.startsWith('`') && piece.endsWith('`')
        ? { kind: 'code', text: piece.slice(1, -1) }
        : { kind: 'text', text: piece },
    )
