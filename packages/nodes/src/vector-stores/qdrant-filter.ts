import type { MetadataFilter } from '@weft/core'

// The metadata filter as Qdrant's filter. Qdrant's `match` is typed (a text matches texts, an
// integer integers, a boolean booleans), while the rule says numbers and their text alike, so each
// key becomes "any of" the spellings its value has: `2` → "2" or 2; `true` → "true" or true.

export type QdrantCondition =
  | { key: string; match: { value: string | number | boolean } }
  | { key: string; range: { gte: number; lte: number } }
  | QdrantFilter

export interface QdrantFilter {
  must?: QdrantCondition[]
  should?: QdrantCondition[]
  must_not?: QdrantCondition[]
}

const PLAIN_KEY = /^[A-Za-z0-9_]+$/

/** The payload path of a metadata key: `metadata.source`; keys with dots or spaces quoted (`metadata."a.b"`). */
export function payloadPath(metadataKey: string, key: string): string {
  if (PLAIN_KEY.test(key)) return `${metadataKey}.${key}`
  if (key.includes('"') || key.includes('\\')) {
    throw new Error(
      `The metadata key ${JSON.stringify(key)} cannot be searched in Qdrant: it holds a quote or a backslash.`,
    )
  }
  return `${metadataKey}."${key}"`
}

/** The text a number has in JavaScript, when `text` is exactly that (`2`, `1.5`; not `2.0`). */
function isJavaScriptNumberText(text: string): boolean {
  const number = Number(text)
  return text.trim() !== '' && Number.isFinite(number) && String(number) === text
}

function spellings(key: string, wanted: string | number | boolean): QdrantCondition[] {
  const text = String(wanted)
  const conditions: QdrantCondition[] = [{ key, match: { value: text } }]
  if (text === 'true' || text === 'false') conditions.push({ key, match: { value: text === 'true' } })
  if (isJavaScriptNumberText(text)) {
    const number = Number(text)
    conditions.push(
      Number.isSafeInteger(number) ? { key, match: { value: number } } : { key, range: { gte: number, lte: number } },
    )
  }
  return conditions
}

/**
 * Qdrant's filter for the rule of matchesMetadataFilter, with the metadata kept under `metadataKey`
 * of the payload; undefined when there is nothing to filter. One difference remains, Qdrant's own:
 * a value inside a stored list matches as if it were the value, so the caller checks what it finds.
 */
export function qdrantFilter(filter: MetadataFilter | undefined, metadataKey: string): QdrantFilter | undefined {
  const entries = Object.entries(filter ?? {})
  if (entries.length === 0) return undefined
  return { must: entries.map(([key, wanted]) => ({ should: spellings(payloadPath(metadataKey, key), wanted) })) }
}
