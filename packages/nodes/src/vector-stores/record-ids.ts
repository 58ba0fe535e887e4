import { createHash } from 'node:crypto'
import type { SourceDocument } from '@weft/core'

// Ids for records in external stores. Qdrant takes only UUIDs (or integers) as point ids, and a
// flow's connected documents have no id at all: both get a UUID derived from a text, so the same
// text always gives the same id and an upsert replaces what the last one wrote.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (text: string): boolean => UUID.test(text)

/** A UUID (version 5 layout, SHA-1 of the text in Weft's name space) that only this text gives. */
export function nameBasedUuid(text: string): string {
  const bytes = createHash('sha1').update('weft:record:').update(text).digest().subarray(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x50
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The id of a connected document in a flow: the same text and metadata give the same id. */
export const documentRecordId = (document: SourceDocument): string =>
  nameBasedUuid(`${document.pageContent}\u0000${JSON.stringify(document.metadata)}`)
