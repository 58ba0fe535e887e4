import type { MetadataFilter } from '@weft/core'
import { filterSpellings } from './filter-spellings.js'

// The metadata filter as Chroma's `where`. Chroma compares typed values, so each key is "any of"
// its value's spellings; Chroma's `$and` and `$or` take two conditions or more, so one stays bare.

type Where = Record<string, unknown>

const anyOf = (parts: Where[]): Where => (parts.length === 1 ? parts[0]! : { $or: parts })

/** Chroma's `where` for the rule of matchesMetadataFilter; undefined when there is nothing to filter. */
export function chromaWhere(filter: MetadataFilter | undefined): Where | undefined {
  const entries = Object.entries(filter ?? {})
  if (entries.length === 0) return undefined
  const conditions = entries.map(([key, wanted]) => {
    if (key.startsWith('$')) throw new Error(`The metadata key ${JSON.stringify(key)} cannot be searched in Chroma.`)
    return anyOf(filterSpellings(wanted).map((value) => ({ [key]: { $eq: value } })))
  })
  return conditions.length === 1 ? conditions[0] : { $and: conditions }
}
