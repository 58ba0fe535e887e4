import { checkSizes, type Chunk } from './split-text.js'

/** The non-empty pieces between separators, with their offsets; an empty separator gives characters. */
function piecesOf(text: string, separator: string): Chunk[] {
  const pieces: Chunk[] = []
  if (separator === '') {
    let start = 0
    for (const character of text) {
      pieces.push({ text: character, start })
      start += character.length
    }
    return pieces
  }
  for (let start = 0; ;) {
    const at = text.indexOf(separator, start)
    const end = at === -1 ? text.length : at
    if (end > start) pieces.push({ text: text.slice(start, end), start })
    if (at === -1) return pieces
    start = at + separator.length
  }
}

/**
 * Cuts text at one separator only and joins the pieces back up to `chunkSize` characters, the
 * separators between them counted, as LangChain's CharacterTextSplitter does: a chunk never starts
 * or ends with the separator, a piece longer than the size stays whole, and the next chunk starts
 * with the last whole pieces of the one before that fit in `chunkOverlap`. Chunks are trimmed
 * slices of `text` with their offsets.
 */
export function splitOnSeparator(
  text: string,
  separator: string,
  sizes: { chunkSize: number; chunkOverlap: number },
): Chunk[] {
  checkSizes(sizes)
  const { chunkSize, chunkOverlap } = sizes
  const pieces = piecesOf(text, separator)
  const chunks: Chunk[] = []
  const joined = (window: Chunk[]) => {
    const first = window[0]!
    const last = window.at(-1)!
    const slice = text.slice(first.start, last.start + last.text.length)
    const lead = slice.length - slice.trimStart().length
    if (slice.trim() !== '') chunks.push({ text: slice.trim(), start: first.start + lead })
  }
  const window: Chunk[] = []
  let length = 0
  const joinedLength = (piece: Chunk) => length + piece.text.length + (window.length > 0 ? separator.length : 0)
  for (const piece of pieces) {
    if (window.length > 0 && joinedLength(piece) > chunkSize) {
      joined(window)
      while (window.length > 0 && (length > chunkOverlap || joinedLength(piece) > chunkSize)) {
        length -= window.shift()!.text.length + (window.length > 0 ? separator.length : 0)
      }
    }
    length = joinedLength(piece)
    window.push(piece)
  }
  if (window.length > 0) joined(window)
  return chunks
}
