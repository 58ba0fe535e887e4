import type { MetadataFilter } from '@weft/core'

// The SQL pieces of the pgvector store that come from users: the table name (an identifier, never
// interpolated unchecked) and the metadata filter (values and keys always as parameters).

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

/**
 * The table name quoted for SQL: letters, digits and underscores, not starting with a digit, at most
 * 63 characters; folded to lower case as PostgreSQL folds the unquoted names Flowise writes, so
 * `Documents` here is Flowise's `documents` table. Anything else throws, naming the rule.
 */
export function quoteTableName(name: string): string {
  if (!IDENTIFIER.test(name)) {
    throw new Error(
      `"${name.slice(0, 80)}" cannot be a table name: use letters, digits and underscores ` +
        '(not starting with a digit), at most 63 characters.',
    )
  }
  return `"${name.toLowerCase()}"`
}

/** A vector as pgvector reads it: `[0.1,0.2]`; NaN and infinities are refused by the database. */
export const vectorText = (vector: ArrayLike<number>): string => `[${Array.from(vector).join(',')}]`

/** The text a number has in JavaScript, when `text` is exactly that (`2`, `1.5`, `1e+21`; not `2.0`). */
function isJavaScriptNumberText(text: string): boolean {
  const number = Number(text)
  return text.trim() !== '' && Number.isFinite(number) && String(number) === text
}

/**
 * The WHERE condition for a metadata filter, with the same meaning as matchesMetadataFilter: each key
 * equal to its value, numbers and their text alike (`2` matches `"2"`, `true` matches `"true"`),
 * objects, arrays and null never. Appends its parameters to `params`; `TRUE` when there is no filter.
 */
export function metadataFilterSql(filter: MetadataFilter | undefined, params: unknown[]): string {
  const conditions = Object.entries(filter ?? {}).map(([key, wanted]) => {
    const text = String(wanted)
    params.push(key, text)
    const k = `$${params.length - 1}::text`
    const t = `$${params.length}::text`
    const asText = `(jsonb_typeof(metadata -> ${k}) IN ('string', 'boolean') AND metadata ->> ${k} = ${t})`
    // A stored number matches the text it has in JavaScript, compared as numbers so `1e+21` and
    // PostgreSQL's `1000000000000000000000` are the same value.
    const asNumber = isJavaScriptNumberText(text)
      ? ` OR (jsonb_typeof(metadata -> ${k}) = 'number' AND (metadata -> ${k})::numeric = ${t}::numeric)`
      : ''
    return `(${asText}${asNumber})`
  })
  return conditions.length ? conditions.join(' AND ') : 'TRUE'
}

/** Text PostgreSQL keeps: it refuses the NUL character in text and jsonb, which PDFs sometimes hold. */
export const withoutNul = (text: string): string => text.replaceAll('\u0000', '')

/** The metadata as jsonb text, NUL characters left out of its texts. */
export const metadataJson = (metadata: Record<string, unknown>): string =>
  JSON.stringify(metadata, (_key, value: unknown) => (typeof value === 'string' ? withoutNul(value) : value))
