import { createHash } from 'node:crypto'
import { remapIds, type IdMap } from '@weft/core'
import type { Kysely } from 'kysely'
import { workspacesOfIds, type MigratedTable } from '../../db/repositories/flowise-import.repository.js'
import type { Database } from '../../db/tables.js'
import type { MigratedKind, Renamed } from './migration-report.js'

// Which id each Flowise record has in Weft. A record keeps its id (so every embed, SDK call and
// webhook that names a flow still reaches it) unless Weft uses that id elsewhere or it is no UUID;
// then it gets one derived from the workspace and its Flowise id, the same on every run, so a
// second run finds it there instead of adding it again.

export interface PlannedRecord {
  table: MigratedTable
  kind: MigratedKind
  id: string
  name: string
}

export interface IdPlan {
  /** Flowise id → Weft id, for the ids that change. */
  map: IdMap
  /** Whether the workspace already holds the record (brought by an earlier run). */
  isPresent(table: MigratedTable, id: string): boolean
  /** The records to add that take a new id. */
  renamed: Renamed[]
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A name-based UUID (version 5 layout, SHA-256) of the Flowise id within the workspace. */
export function migratedId(workspaceId: string, flowiseId: string): string {
  const bytes = createHash('sha256').update(`flowise:${workspaceId}:${flowiseId}`).digest().subarray(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x50
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export async function planMigrationIds(
  db: Kysely<Database>,
  workspaceId: string,
  records: readonly PlannedRecord[],
): Promise<IdPlan> {
  const byTable = new Map<MigratedTable, PlannedRecord[]>()
  for (const record of records) byTable.set(record.table, [...(byTable.get(record.table) ?? []), record])
  const owners = new Map<MigratedTable, Map<string, string>>()
  for (const [table, list] of byTable) {
    const ids = list.flatMap((record) => [record.id, migratedId(workspaceId, record.id)])
    owners.set(table, await workspacesOfIds(db, table, [...new Set(ids)]))
  }
  const ownerOf = (table: MigratedTable, id: string) => owners.get(table)?.get(id)
  // One decision per id for every table it appears in: a custom assistant and its flow share theirs.
  const changes = new Set(
    records
      .filter((record) => !UUID.test(record.id) || (ownerOf(record.table, record.id) ?? workspaceId) !== workspaceId)
      .map((record) => record.id),
  )
  const map = new Map<string, string>()
  for (const id of changes) map.set(id, migratedId(workspaceId, id))
  const finalId = (id: string) => map.get(id) ?? id
  const isPresent = (table: MigratedTable, id: string) => ownerOf(table, finalId(id)) === workspaceId
  const renamed = records
    .filter((record) => map.has(record.id) && !isPresent(record.table, record.id))
    .map((record) => ({ kind: record.kind, name: record.name, from: record.id, to: finalId(record.id) }))
  return { map, isPresent, renamed }
}

/**
 * A Flowise record with every id the plan changes replaced: its own, its references (a message's
 * flow, a flow's API key) and those inside its JSON text (a flow's credentials, tools and stores).
 */
export function remapRecord<T extends Record<string, unknown>>(record: T, map: IdMap): T {
  if (map.size === 0) return record
  const remapField = (value: unknown): unknown => {
    if (typeof value !== 'string') return remapIds(value, map)
    const exact = map.get(value)
    if (exact !== undefined) return exact
    if (!/^\s*[[{]/.test(value)) return remapIds(value, map)
    try {
      return JSON.stringify(remapIds(JSON.parse(value), map))
    } catch {
      return value
    }
  }
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, remapField(value)])) as T
}
