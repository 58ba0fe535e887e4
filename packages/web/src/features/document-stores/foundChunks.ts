import type { DocumentStoreLoader, FoundChunk } from '@weft/core'

// How a found chunk's metadata reads on screen: one line per value, nested keys joined with dots,
// never a JSON blob.

export interface MetadataEntry {
  key: string
  value: string
}

type Plain = string | number | boolean

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'

const NOTHING = '—'

/** Every value of the metadata as a key and its text: `loc.lines.from: 3`, `tags: a, b`. */
export function metadataEntries(metadata: Record<string, unknown> | null | undefined): MetadataEntry[] {
  const entries: MetadataEntry[] = []
  const visit = (key: string, value: unknown) => {
    if (isPlain(value)) entries.push({ key, value: String(value) })
    else if (Array.isArray(value)) {
      if (value.every(isPlain)) entries.push({ key, value: value.length > 0 ? value.join(', ') : NOTHING })
      else value.forEach((item, index) => visit(`${key}[${index + 1}]`, item))
    } else if (typeof value === 'object' && value !== null) {
      const inner = Object.entries(value)
      if (inner.length === 0) entries.push({ key, value: NOTHING })
      for (const [name, item] of inner) visit(`${key}.${name}`, item)
    } else entries.push({ key, value: NOTHING })
  }
  for (const [key, value] of Object.entries(metadata ?? {})) visit(key, value)
  return entries
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined)

/** Where a found chunk came from: its `source` (a file name, a URL), else the name of its loader. */
export function sourceOf(chunk: FoundChunk, loaders: readonly DocumentStoreLoader[]): string | undefined {
  const metadata = chunk.metadata ?? {}
  const source = text(metadata.source)
  if (source) return source
  const loaderId = text(metadata.docId) ?? text(metadata.loaderId)
  return loaders.find((loader) => loader.id === loaderId)?.loaderName
}

/** A cosine similarity as people read it, e.g. 0.83. */
export const formatScore = (score: number): string => (Number.isFinite(score) ? score.toFixed(2) : NOTHING)
