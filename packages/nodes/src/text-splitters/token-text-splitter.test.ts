import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitTokens } from '../documents/split-tokens.js'
import type { TextSplitter } from '../documents/text-splitter.js'
import { loadEncoding } from '../documents/tiktoken-encodings.js'
import { runNode, testRun } from '../runtime/test-run.js'
import tokenTextSplitter from './token-text-splitter.node.js'

const splitterOf = async (inputs: Record<string, unknown>) =>
  (await runNode(tokenTextSplitter, inputs, testRun())) as TextSplitter

const PROSE =
  'Refunds are paid within 30 days of delivery. Support answers every ticket within one working day.\n' +
  'Orders leave the warehouse within two working days, and express delivery arrives the next day.'

describe('Token Text Splitter', () => {
  it('cuts text into windows of Chunk Size tokens, each starting Chunk Overlap tokens before the last ended', async () => {
    const encoding = await loadEncoding('cl100k_base')
    const tokens = encoding.encode(PROSE)
    const splitter = await splitterOf({ encodingName: 'cl100k_base', chunkSize: 12, chunkOverlap: 4 })
    const chunks = splitter.split([{ pageContent: PROSE, metadata: { source: 'faq.txt' } }])
    // The windows LangChain's TokenTextSplitter decodes: for ASCII text, exactly these texts.
    const windows: string[] = []
    for (let start = 0; start < tokens.length; start += 12 - 4) {
      windows.push(encoding.decode(tokens.slice(start, start + 12)))
      if (start + 12 >= tokens.length) break
    }
    expect(chunks.map((chunk) => chunk.pageContent)).toEqual(windows)
    expect(chunks[0]!.metadata).toEqual({ source: 'faq.txt', loc: { lines: { from: 1, to: 1 } } })
    expect(chunks.at(-1)!.metadata).toEqual({ source: 'faq.txt', loc: { lines: { from: 2, to: 2 } } })
  })

  it('counts with the chosen encoding: gpt2 by default, which needs more tokens than cl100k_base for code', async () => {
    const code = 'function add(a, b) {\n        return a + b\n    }\n'.repeat(8)
    const count = async (inputs: Record<string, unknown>) =>
      (await splitterOf({ chunkSize: 20, chunkOverlap: 0, ...inputs })).split([{ pageContent: code, metadata: {} }])
        .length
    const gpt2 = await loadEncoding('gpt2')
    const cl100k = await loadEncoding('cl100k_base')
    expect(await count({})).toBe(Math.ceil(gpt2.encode(code).length / 20))
    expect(await count({ encodingName: 'cl100k_base' })).toBe(Math.ceil(cl100k.encode(code).length / 20))
    expect(gpt2.encode(code).length).toBeGreaterThan(cl100k.encode(code).length)
  })

  it('never cuts inside a character that takes several tokens, so no chunk holds a broken one', async () => {
    const gpt2 = await loadEncoding('gpt2')
    const text = '🙂🙂 漢字 café 🙂'
    expect(gpt2.encode('🙂').length).toBeGreaterThan(1)
    const chunks = splitTokens(text, gpt2, { chunkSize: 1, chunkOverlap: 0 })
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(text)
    for (const chunk of chunks) {
      expect(chunk.text).not.toContain('\uFFFD')
      expect(text.slice(chunk.start, chunk.start + chunk.text.length)).toBe(chunk.text)
    }
  })

  it('gives exact slices of any text, in order, each within the size unless one character is larger', async () => {
    const encoding = await loadEncoding('cl100k_base')
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', 'é', '漢', '🙂', '\n', 'x y', '<|endoftext|>'), maxLength: 40 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 7 }),
        (text, chunkSize, overlapSeed) => {
          const chunkOverlap = overlapSeed % chunkSize
          const chunks = splitTokens(text, encoding, { chunkSize, chunkOverlap })
          let covered = 0
          for (const chunk of chunks) {
            expect(text.slice(chunk.start, chunk.start + chunk.text.length)).toBe(chunk.text)
            // What lies between chunks is only whitespace (chunks of only whitespace are left out).
            expect(text.slice(covered, Math.max(covered, chunk.start)).trim()).toBe('')
            expect(chunk.start).toBeGreaterThanOrEqual(chunks[0]!.start)
            covered = Math.max(covered, chunk.start + chunk.text.length)
            const tokens = encoding.encode(chunk.text, [], []).length
            if (tokens > chunkSize) expect([...chunk.text.trim()].length).toBeLessThanOrEqual(1)
          }
          expect(text.slice(covered).trim()).toBe('')
        },
      ),
      { numRuns: 300 },
    )
  })

  it('names a wrong encoding and wrong sizes', async () => {
    await expect(splitterOf({ encodingName: 'utf8' })).rejects.toThrow(
      'Encoding Name must be one of gpt2, r50k_base, p50k_base, p50k_edit, cl100k_base, o200k_base, not "utf8".',
    )
    await expect(splitterOf({ chunkSize: 10, chunkOverlap: 10 })).rejects.toThrow(
      'Chunk Overlap (10) must be smaller than Chunk Size (10).',
    )
  })
})
