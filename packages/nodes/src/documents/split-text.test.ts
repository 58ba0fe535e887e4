import { describe, expect, it } from 'vitest'
import { markdownSections } from './markdown-sections.js'
import { customSeparators, DEFAULT_SEPARATORS, MARKDOWN_SEPARATORS } from './separators.js'
import { splitText } from './split-text.js'

const texts = (text: string, chunkSize: number, chunkOverlap = 0, separators = DEFAULT_SEPARATORS) =>
  splitText(text, { chunkSize, chunkOverlap, separators }).map((chunk) => chunk.text)

describe('splitText', () => {
  it('keeps a text that fits as one chunk', () => {
    expect(splitText('  Short text.  ', { chunkSize: 100, chunkOverlap: 10, separators: DEFAULT_SEPARATORS })).toEqual([
      { text: 'Short text.', start: 2 },
    ])
  })

  it('cuts at paragraphs first and joins neighbouring paragraphs up to the size', () => {
    const text = 'Refunds take 30 days.\n\nSupport answers in a day.\n\nLunch is on Thursdays.'
    expect(texts(text, 50)).toEqual(['Refunds take 30 days.\n\nSupport answers in a day.', 'Lunch is on Thursdays.'])
  })

  it('cuts a paragraph too long for a chunk at lines, then sentences, then words, then characters', () => {
    expect(texts('Line one.\nLine two.\n\nLine three.', 20)).toEqual(['Line one.\nLine two.', 'Line three.'])
    expect(texts('One two three. Four five six. Seven eight nine.', 30)).toEqual([
      'One two three. Four five six.',
      'Seven eight nine.',
    ])
    expect(texts('alpha beta gamma delta', 11)).toEqual(['alpha beta', 'gamma delta'])
    expect(texts('abcdefgh ij', 4)).toEqual(['abcd', 'efgh', 'ij'])
  })

  it('starts the next chunk with the last pieces that fit in the overlap', () => {
    expect(texts('One two three. Four five six. Seven eight nine.', 35, 15)).toEqual([
      'One two three. Four five six.',
      'Four five six. Seven eight nine.',
    ])
  })

  it('gives each chunk as an exact slice of the text with its offset', () => {
    const text = 'First paragraph here.\n\nSecond one, a little longer than the first.'
    for (const chunk of splitText(text, { chunkSize: 30, chunkOverlap: 5, separators: DEFAULT_SEPARATORS })) {
      expect(text.slice(chunk.start, chunk.start + chunk.text.length)).toBe(chunk.text)
      expect(chunk.text.length).toBeLessThanOrEqual(30)
    }
  })

  it('cuts before custom separators, so each marker begins its piece', () => {
    expect(texts('a1|b2|c3', 5, 0, customSeparators(['|']))).toEqual(['a1|b2', '|c3'])
  })

  it('cuts Markdown at headings before paragraphs', () => {
    const text = '# Guide\nIntro text.\n## Refunds\nWithin 30 days.\n## Support\nOne working day.'
    expect(texts(text, 40, 0, MARKDOWN_SEPARATORS)).toEqual([
      '# Guide\nIntro text.',
      '## Refunds\nWithin 30 days.',
      '## Support\nOne working day.',
    ])
  })

  it('names a chunk overlap that is not smaller than the chunk size', () => {
    expect(() => texts('text', 100, 100)).toThrow('Chunk Overlap (100) must be smaller than Chunk Size (100).')
    expect(() => texts('text', 0)).toThrow('Chunk Size must be a whole number above 0, not 0.')
  })
})

describe('markdownSections', () => {
  it('starts a section at each heading of the level or higher, never inside a code fence', () => {
    const text = '# Title\nIntro\n## Part\nBody\n### Detail\n```\n# comment in code\n```\nEnd'
    expect(markdownSections(text, 2).map((section) => section.text)).toEqual([
      '# Title\nIntro\n',
      '## Part\nBody\n### Detail\n```\n# comment in code\n```\nEnd',
    ])
    expect(markdownSections(text, 3).map((section) => section.start)).toEqual([0, 14, 27])
  })
})
