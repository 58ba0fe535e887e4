import type { MetadataFilter } from '@weft/core'
import { filterSpellings } from './filter-spellings.js'

// Milvus filter expressions for the metadata filter and for ids. Metadata keys are the collection's
// own fields (Flowise's layout: one field per key) or keys of its dynamic field, `$meta["key"]`
// (Weft's layout, where any key fits); each is compared with every spelling of its value.

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/

/** A value as a Milvus literal: texts double-quoted with escapes, numbers and booleans bare. */
export const milvusLiteral = (value: string | number | boolean): string =>
  typeof value === 'string' ? JSON.stringify(value) : String(value)

/** Where a metadata key is: the field of that name, else the dynamic field's key. */
export const milvusPath = (key: string, fields: ReadonlySet<string>): string =>
  fields.has(key) && IDENTIFIER.test(key) ? key : `$meta[${JSON.stringify(key)}]`

/** The expression for the rule of matchesMetadataFilter; undefined when there is nothing to filter. */
export function milvusFilterExpression(
  filter: MetadataFilter | undefined,
  fields: ReadonlySet<string>,
): string | undefined {
  const entries = Object.entries(filter ?? {})
  if (entries.length === 0) return undefined
  return entries
    .map(([key, wanted]) => {
      const path = milvusPath(key, fields)
      return `(${filterSpellings(wanted)
        .map((value) => `${path} == ${milvusLiteral(value)}`)
        .join(' or ')})`
    })
    .join(' and ')
}

/** The expression for records with these ids in the primary field. */
export const milvusIdsExpression = (primaryField: string, ids: readonly (string | number)[]): string =>
  `${primaryField} in [${ids.map((id) => milvusLiteral(id)).join(', ')}]`

/** Both expressions, when both are given. */
export const bothExpressions = (a: string | undefined, b: string | undefined): string =>
  a && b ? `(${a}) and (${b})` : (a ?? b ?? '')
