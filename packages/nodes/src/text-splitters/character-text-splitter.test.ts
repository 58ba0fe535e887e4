import { describe, expect, it } from 'vitest'
import { splitOnSeparator } from '../documents/split-on-separator.js'
import type { TextSplitter } from '../documents/text-splitter.js'
import { runNode, testRun } from '../runtime/test-run.js'
import characterTextSplitter from './character-text-splitter.node.js'

const split = async (inputs: Record<string, unknown>, text: string) =>
  ((await runNode(characterTextSplitter, inputs, testRun())) as TextSplitter)
    .split([{ pageContent: text, metadata: { source: 'notes.txt' } }])
    .map((chunk) => chunk.pageContent)

describe('Character Text Splitter', () => {
  it('cuts at blank lines by default, joining paragraphs up to Chunk Size', async () => {
    const text = 'First paragraph.\n\nSecond one.\n\nThird paragraph here.'
    // Joined, the first two are 29 characters: separators between pieces count, the ones at chunk edges do not.
    expect(await split({ chunkSize: 29, chunkOverlap: 0 }, text)).toEqual([
      'First paragraph.\n\nSecond one.',
      'Third paragraph here.',
    ])
  })

  it('cuts only at its separator: a longer piece stays whole, and \\n in Custom Separator is a line break', async () => {
    const text = 'short\na line much longer than the chunk size\nend'
    expect(await split({ chunkSize: 10, chunkOverlap: 0, separator: '\\n' }, text)).toEqual([
      'short',
      'a line much longer than the chunk size',
      'end',
    ])
    expect(await split({ chunkSize: 6, chunkOverlap: 0, separator: ' | ' }, 'a | b | c.d')).toEqual(['a | b', 'c.d'])
  })

  it('repeats the end of a chunk at the start of the next, up to Chunk Overlap', async () => {
    const text = 'one two three four'
    expect(await split({ chunkSize: 11, chunkOverlap: 5, separator: ' ' }, text)).toEqual([
      'one two',
      'two three',
      'three four',
    ])
    // "three" is longer than an overlap of 4, so only what fits is repeated: nothing.
    expect(await split({ chunkSize: 11, chunkOverlap: 4, separator: ' ' }, text)).toEqual([
      'one two',
      'two three',
      'four',
    ])
  })

  it('leaves Custom Separator empty for a blank line; the splitter itself cuts between characters then', async () => {
    expect(await split({ chunkSize: 3, chunkOverlap: 0, separator: '' }, 'ab\n\ncd')).toEqual(['ab', 'cd'])
    // Whole characters (the emoji counts 2, as JavaScript and LangChain count it), never half of one.
    const chunks = splitOnSeparator('ab🙂cdefg', '', { chunkSize: 4, chunkOverlap: 1 })
    expect(chunks).toEqual([
      { text: 'ab🙂', start: 0 },
      { text: 'cdef', start: 4 },
      { text: 'fg', start: 7 },
    ])
  })

  it('records the lines of each chunk', async () => {
    const splitter = (await runNode(
      characterTextSplitter,
      { chunkSize: 5, chunkOverlap: 0 },
      testRun(),
    )) as TextSplitter
    expect(splitter.split([{ pageContent: 'aaa\n\nbbb', metadata: {} }])).toEqual([
      { pageContent: 'aaa', metadata: { loc: { lines: { from: 1, to: 1 } } } },
      { pageContent: 'bbb', metadata: { loc: { lines: { from: 3, to: 3 } } } },
    ])
  })
})
