import type { MetadataFilter } from '@weft/core'

// What the embedded store keeps in memory of each record's metadata to filter by: its top-level
// plain values. That is all a filter can match (matchesMetadataFilter compares plain values, and a
// nested object never equals one), and far smaller than the whole metadata of, say, a PDF page.

export type FilterableValues = Record<string, string | number | boolean>

const NO_VALUES: FilterableValues = Object.freeze({}) as FilterableValues

/** The top-level plain values of metadata stored as JSON. */
export function filterableOf(metadata: string): FilterableValues {
  let parsed: unknown
  try {
    parsed = JSON.parse(metadata)
  } catch {
    return NO_VALUES
  }
  if (typeof parsed !== 'object' || parsed === null) return NO_VALUES
  let values: FilterableValues | undefined
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      values ??= {}
      values[key] = value
    }
  }
  return values ?? NO_VALUES
}

/** The same text for the same filter, whatever order its keys were written in. */
export const filterKey = (filter: MetadataFilter): string =>
  JSON.stringify(
    Object.keys(filter)
      .sort()
      .map((key) => [key, filter[key]]),
  )
