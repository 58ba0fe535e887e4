import type { Separator } from './separators.js'

/** A slice of a text: its characters and where they start in the text. */
export interface Chunk {
  text: string
  start: number
}

export interface SplitOptions {
  /** The most characters in one chunk. */
  chunkSize: number
  /** Characters of the end of one chunk repeated at the start of the next (whole pieces only). */
  chunkOverlap: number
  separators: Separator[]
}

/** Checks sizes as the user typed them, so a wrong one is named instead of giving odd chunks. */
export function checkSizes({ chunkSize, chunkOverlap }: Pick<SplitOptions, 'chunkSize' | 'chunkOverlap'>): void {
  if (!Number.isInteger(chunkSize) || chunkSize < 1)
    throw new Error(`Chunk Size must be a whole number above 0, not ${chunkSize}.`)
  if (!Number.isInteger(chunkOverlap) || chunkOverlap < 0) {
    throw new Error(`Chunk Overlap must be a whole number of 0 or more, not ${chunkOverlap}.`)
  }
  if (chunkOverlap >= chunkSize) {
    throw new Error(`Chunk Overlap (${chunkOverlap}) must be smaller than Chunk Size (${chunkSize}).`)
  }
}

/**
 * Cuts text into chunks of at most `chunkSize` characters, keeping related text together: it cuts
 * at the first separator that occurs (paragraphs before lines before sentences…), joins neighbouring
 * pieces back up to the size, and cuts only the pieces still too long with the later separators.
 * Chunks are trimmed slices of `text` with their offsets; the same text always gives the same chunks.
 */
export function splitText(text: string, options: SplitOptions): Chunk[] {
  checkSizes(options)
  const whole = { text, start: 0 }
  const chunks = text.length <= options.chunkSize ? [whole] : cut(whole, options.separators, options)
  return chunks.map(trimmed).filter((chunk) => chunk.text !== '')
}

function cut(piece: Chunk, separators: Separator[], options: SplitOptions): Chunk[] {
  const index = separators.findIndex((separator) => cutPoints(piece.text, separator).length > 0)
  if (index === -1) return [piece]
  const later = separators.slice(index + 1)
  const chunks: Chunk[] = []
  let fitting: Chunk[] = []
  for (const part of piecesOf(piece, separators[index]!)) {
    if (part.text.length <= options.chunkSize) {
      fitting.push(part)
      continue
    }
    chunks.push(...merge(fitting, options))
    fitting = []
    chunks.push(...cut(part, later, options))
  }
  chunks.push(...merge(fitting, options))
  return chunks
}

/** Offsets inside `text` where the separator starts a new piece (never 0 or the end). */
function cutPoints(text: string, { pattern, keep }: Separator): number[] {
  if (!pattern) return Array.from({ length: Math.max(text.length - 1, 0) }, (_, i) => i + 1)
  const points: number[] = []
  for (const match of text.matchAll(pattern)) {
    const at = keep === 'end' ? match.index + match[0].length : match.index
    if (at > 0 && at < text.length && at !== points.at(-1)) points.push(at)
  }
  return points
}

function piecesOf(piece: Chunk, separator: Separator): Chunk[] {
  const bounds = [0, ...cutPoints(piece.text, separator), piece.text.length]
  return bounds.slice(1).map((end, i) => ({ text: piece.text.slice(bounds[i], end), start: piece.start + bounds[i]! }))
}

/**
 * Joins neighbouring pieces into chunks up to the size. When a chunk is full, the next one starts
 * with its last pieces that fit within the overlap, so a sentence cut at the border is found in both.
 */
function merge(pieces: Chunk[], { chunkSize, chunkOverlap }: SplitOptions): Chunk[] {
  const chunks: Chunk[] = []
  const window: Chunk[] = []
  let length = 0
  for (const piece of pieces) {
    if (window.length > 0 && length + piece.text.length > chunkSize) {
      chunks.push(joined(window))
      while (window.length > 0 && (length > chunkOverlap || length + piece.text.length > chunkSize)) {
        length -= window.shift()!.text.length
      }
    }
    window.push(piece)
    length += piece.text.length
  }
  if (window.length > 0) chunks.push(joined(window))
  return chunks
}

const joined = (pieces: Chunk[]): Chunk => ({
  text: pieces.map((piece) => piece.text).join(''),
  start: pieces[0]!.start,
})

function trimmed(chunk: Chunk): Chunk {
  const lead = chunk.text.length - chunk.text.trimStart().length
  return { text: chunk.text.trim(), start: chunk.start + lead }
}
