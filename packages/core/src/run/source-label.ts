import type { SourceDocument } from '../types/run.js'

const NAME_LENGTH = 28

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined

/** Where in its source a chunk sits, as loaders and splitters record it: page, row, item or lines. */
function placeOf(metadata: Record<string, unknown>): string | undefined {
  const loc = isRecord(metadata.loc) ? metadata.loc : {}
  const page = positive(metadata.page) ?? positive(loc.pageNumber)
  if (page) return `page ${page}`
  const row = positive(metadata.row)
  if (row) return `row ${row}`
  const item = positive(metadata.item)
  if (item) return `item ${item}`
  const lines = isRecord(loc.lines) ? loc.lines : {}
  const from = positive(lines.from)
  const to = positive(lines.to)
  if (from && to && to > from) return `lines ${from}–${to}`
  if (from) return `line ${from}`
  return undefined
}

/**
 * A source document's chip label: its source's name (a path is cut to its file name; with no name,
 * the text's first words) and where in the source it sits, so two chunks of one file read apart:
 * "handbook.pdf · page 3", "Plain Text · lines 4–9", "prices.csv · row 12".
 */
export function sourceDocumentLabel(document: SourceDocument): string {
  const { metadata } = document
  const source = metadata.source ?? metadata.title ?? metadata.fileName
  const named = typeof source === 'string' && source.trim() ? (source.split(/[\\/]/).pop() ?? source) : ''
  const text = named || document.pageContent.trim().replace(/\s+/g, ' ')
  const name = text.length > NAME_LENGTH ? `${text.slice(0, NAME_LENGTH - 1)}…` : text || 'Document'
  const place = placeOf(metadata)
  return place ? `${name} · ${place}` : name
}
