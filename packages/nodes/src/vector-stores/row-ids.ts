import { isUuid, nameBasedUuid } from './record-ids.js'

// Row ids for tables whose id column is a bigint or a UUID (Supabase, Milvus with Int64 keys): made
// from the record id, so writing a record again replaces its row.

export type RowIdKind = 'bigint' | 'uuid'

/** The row id of a record: a UUID made from it, or a positive integer of 52 bits made from that. */
export function rowIdOf(id: string, kind: RowIdKind): string | number {
  const uuid = isUuid(id) ? id.toLowerCase() : nameBasedUuid(id)
  return kind === 'uuid' ? uuid : parseInt(nameBasedUuid(uuid).replaceAll('-', '').slice(0, 13), 16)
}
