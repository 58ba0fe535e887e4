import { describe, expect, it } from 'vitest'
import type { TextSplitter } from '../documents/text-splitter.js'
import { runNode, testRun } from '../runtime/test-run.js'
import markdownTextSplitter from './markdown-text-splitter.node.js'
import recursiveCharacterTextSplitter from './recursive-character-text-splitter.node.js'

const splitterOf = async (node: typeof markdownTextSplitter, inputs: Record<string, unknown>) =>
  (await runNode(node, inputs, testRun())) as TextSplitter

describe('Recursive Character Text Splitter', () => {
  it('splits documents into chunks that keep the metadata and record their lines', async () => {
    const splitter = await splitterOf(recursiveCharacterTextSplitter, { chunkSize: '20', chunkOverlap: '0' })
    const chunks = splitter.split([
      { pageContent: 'Line one.\nLine two.\n\nLine three.', metadata: { source: 'notes.txt' } },
    ])
    expect(chunks).toEqual([
      { pageContent: 'Line one.\nLine two.', metadata: { source: 'notes.txt', loc: { lines: { from: 1, to: 2 } } } },
      { pageContent: 'Line three.', metadata: { source: 'notes.txt', loc: { lines: { from: 4, to: 4 } } } },
    ])
  })

  it('uses 1000 characters with 200 of overlap when the sizes are left empty', async () => {
    const splitter = await splitterOf(recursiveCharacterTextSplitter, { chunkSize: '', chunkOverlap: '' })
    const words = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ')
    const chunks = splitter.split([{ pageContent: words, metadata: {} }])
    expect(chunks.map((chunk) => chunk.pageContent.length)).toEqual([993, 999, 695])
    for (const [previous, next] of [chunks.slice(0, 2), chunks.slice(1, 3)]) {
      // The next chunk begins with nearly 200 characters (whole words) from the end of the one before.
      expect(previous!.pageContent.slice(-200)).toContain(next!.pageContent.slice(0, 180))
      expect(previous!.pageContent).not.toContain(next!.pageContent.slice(0, 201))
    }
  })

  it('cuts at Custom Separators written as a JSON array', async () => {
    const splitter = await splitterOf(recursiveCharacterTextSplitter, {
      chunkSize: 5,
      chunkOverlap: 0,
      separators: '["|"]',
    })
    expect(splitter.split([{ pageContent: 'a1|b2|c3', metadata: {} }]).map((chunk) => chunk.pageContent)).toEqual([
      'a1|b2',
      '|c3',
    ])
  })

  it('names what is wrong with its inputs', async () => {
    await expect(splitterOf(recursiveCharacterTextSplitter, { chunkSize: 100, chunkOverlap: 150 })).rejects.toThrow(
      'Chunk Overlap (150) must be smaller than Chunk Size (100).',
    )
    await expect(splitterOf(recursiveCharacterTextSplitter, { separators: '|' })).rejects.toThrow(
      'Custom Separators must be a JSON array of texts',
    )
  })
})

describe('Markdown Text Splitter', () => {
  const guide = '# Guide\nIntro text.\n\n## Refunds\nWithin 30 days.\n\n## Support\nOne working day.'

  it('starts a chunk at every heading of the chosen level, however large the chunks may be', async () => {
    const splitter = await splitterOf(markdownTextSplitter, {
      chunkSize: 1000,
      chunkOverlap: 0,
      splitByHeaders: 'headers_h2',
    })
    expect(splitter.split([{ pageContent: guide, metadata: { source: 'guide.md' } }])).toEqual([
      { pageContent: '# Guide\nIntro text.', metadata: { source: 'guide.md', loc: { lines: { from: 1, to: 2 } } } },
      {
        pageContent: '## Refunds\nWithin 30 days.',
        metadata: { source: 'guide.md', loc: { lines: { from: 4, to: 5 } } },
      },
      {
        pageContent: '## Support\nOne working day.',
        metadata: { source: 'guide.md', loc: { lines: { from: 7, to: 8 } } },
      },
    ])
  })

  it('without Split by Headers, keeps what fits together and cuts at headings first', async () => {
    const whole = await splitterOf(markdownTextSplitter, {
      chunkSize: 1000,
      chunkOverlap: 0,
      splitByHeaders: 'disabled',
    })
    expect(whole.split([{ pageContent: guide, metadata: {} }]).map((chunk) => chunk.pageContent)).toEqual([guide])
    const small = await splitterOf(markdownTextSplitter, { chunkSize: 50, chunkOverlap: 0 })
    expect(small.split([{ pageContent: guide, metadata: {} }]).map((chunk) => chunk.pageContent)).toEqual([
      '# Guide\nIntro text.\n\n## Refunds\nWithin 30 days.',
      '## Support\nOne working day.',
    ])
  })
})
