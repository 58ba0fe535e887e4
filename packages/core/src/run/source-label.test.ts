import { describe, expect, it } from 'vitest'
import { sourceDocumentLabel } from './source-label.js'

const doc = (metadata: Record<string, unknown>, pageContent = 'Refunds are possible within 30 days.') => ({
  pageContent,
  metadata,
})

describe('sourceDocumentLabel', () => {
  it('tells two chunks of one source apart by their lines', () => {
    const first = sourceDocumentLabel(doc({ source: 'Plain Text', loc: { lines: { from: 1, to: 3 } } }))
    const second = sourceDocumentLabel(doc({ source: 'Plain Text', loc: { lines: { from: 4, to: 4 } } }))
    expect(first).toBe('Plain Text · lines 1–3')
    expect(second).toBe('Plain Text · line 4')
  })

  it('names the page of a PDF and the row of a CSV, paths cut to the file name', () => {
    expect(sourceDocumentLabel(doc({ source: '/data/handbook.pdf', loc: { pageNumber: 3 } }))).toBe('handbook.pdf · page 3')
    expect(sourceDocumentLabel(doc({ source: 'C:\\files\\prices.csv', row: 12 }))).toBe('prices.csv · row 12')
    expect(sourceDocumentLabel(doc({ source: 'list.json', item: 2 }))).toBe('list.json · item 2')
  })

  it('falls back to the first words of the text, shortened, when the source has no name', () => {
    expect(sourceDocumentLabel(doc({}, '  Refunds   are possible within thirty days of purchase.'))).toBe(
      'Refunds are possible within…',
    )
    expect(sourceDocumentLabel(doc({}, ''))).toBe('Document')
  })

  it('ignores places that are not positive whole numbers', () => {
    expect(sourceDocumentLabel(doc({ source: 'a.txt', page: 0, row: 'x', loc: { lines: { from: -1 } } }))).toBe('a.txt')
  })
})
