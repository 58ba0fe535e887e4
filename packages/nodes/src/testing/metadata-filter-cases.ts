import type { MetadataFilter } from '@weft/core'

// Metadata and filters on which a store's own filtering must agree with matchesMetadataFilter:
// numbers and their text, booleans and their text, other spellings of numbers, nested values,
// null and missing keys, keys with dots and spaces.

export const filterCaseMetadata: Record<string, unknown>[] = [
  { source: 'a.pdf', page: 2, draft: false },
  { source: 'a.pdf', page: '2', draft: 'false' },
  { source: 'b.pdf', page: 2.5, draft: true },
  { source: 'b.pdf', page: '2.0', draft: 'yes' },
  { source: 'c.pdf', page: 1e21, 'loc.line': 7 },
  { source: 'c.pdf', page: null, nested: { page: 2 }, 'two words': 'x' },
  { source: ['a.pdf'], page: -3 },
  { page: 0 },
]

export const filterCases: MetadataFilter[] = [
  { source: 'a.pdf' },
  { page: 2 },
  { page: '2' },
  { page: '2.0' },
  { page: 2.5 },
  { page: '2.50' },
  { page: 1e21 },
  { page: '1e+21' },
  { page: '1000000000000000000000' },
  { page: -3 },
  { page: '0' },
  { draft: false },
  { draft: 'false' },
  { draft: true },
  { source: 'a.pdf', page: 2 },
  { source: 'b.pdf', draft: 'yes' },
  { 'loc.line': 7 },
  { 'two words': 'x' },
  { nested: 2 },
  { missing: 'x' },
]
