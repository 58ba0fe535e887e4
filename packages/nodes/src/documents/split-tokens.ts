import { checkSizes, type Chunk } from './split-text.js'

/** What token splitting needs of a BPE encoding (js-tiktoken's Tiktoken has both). */
export interface TokenEncoding {
  encode: (text: string, allowedSpecial?: string[] | 'all', disallowedSpecial?: string[] | 'all') => number[]
  decode: (tokens: number[]) => string
}

const utf8 = new TextEncoder()

function sameBytes(whole: Uint8Array, at: number, part: Uint8Array): boolean {
  if (at + part.length > whole.length) return false
  for (let i = 0; i < part.length; i += 1) if (whole[at + i] !== part[i]) return false
  return true
}

/**
 * Where each token ends in the text, in UTF-16 offsets: `offsets[k]` is where token k starts, -1
 * when token k starts inside a character (a character of several bytes can be cut across tokens).
 * Tokens are decoded one by one, joined with the next ones until their bytes are the text's own.
 */
function tokenOffsets(text: string, tokens: number[], encoding: TokenEncoding): number[] {
  const bytes = utf8.encode(text)
  const offsets = new Array<number>(tokens.length + 1).fill(-1)
  offsets[0] = 0
  let byteAt = 0
  let charAt = 0
  for (let first = 0; first < tokens.length;) {
    let last = first + 1
    let decoded = encoding.decode(tokens.slice(first, last))
    let decodedBytes = utf8.encode(decoded)
    while (!sameBytes(bytes, byteAt, decodedBytes) && last < tokens.length) {
      last += 1
      decoded = encoding.decode(tokens.slice(first, last))
      decodedBytes = utf8.encode(decoded)
    }
    byteAt += decodedBytes.length
    charAt += decoded.length
    offsets[last] = charAt
    first = last
  }
  return offsets
}

/**
 * Cuts text into chunks of at most `chunkSize` tokens, each next chunk starting `chunkOverlap`
 * tokens before the end of the one before, as LangChain's TokenTextSplitter does. Unlike decoding
 * windows of tokens, chunk edges never fall inside a character: an edge that would is moved so the
 * chunk holds fewer tokens (a single character longer than the chunk size is kept whole). Chunks are
 * exact slices of `text`, untrimmed; chunks of only whitespace are left out.
 */
export function splitTokens(
  text: string,
  encoding: TokenEncoding,
  sizes: { chunkSize: number; chunkOverlap: number },
): Chunk[] {
  checkSizes(sizes)
  // Special tokens' text ("<|endoftext|>") is read as plain text, never refused.
  const tokens = encoding.encode(text, [], [])
  const offsets = tokenOffsets(text, tokens, encoding)
  const count = tokens.length
  const back = (at: number) => {
    while (offsets[at] === -1) at -= 1
    return at
  }
  const forward = (at: number) => {
    while (offsets[at] === -1) at += 1
    return at
  }
  const chunks: Chunk[] = []
  for (let start = 0; start < count;) {
    let end = back(Math.min(start + sizes.chunkSize, count))
    if (end <= start) end = forward(start + 1)
    const chunk = { text: text.slice(offsets[start], offsets[end]), start: offsets[start]! }
    if (chunk.text.trim() !== '') chunks.push(chunk)
    if (end === count) break
    const next = forward(end - sizes.chunkOverlap)
    start = next > start ? next : forward(start + 1)
  }
  return chunks
}
