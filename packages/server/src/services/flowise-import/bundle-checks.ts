import { BUNDLE_GROUPS, readBundle, type BundleGroup, type IncomingBundle } from '@weft/core'
import { HttpError } from '../../http-error.js'
import type { RawBundle, RawRecord } from './flowise-records.js'
import { KIND_OF_GROUP, type LeftBehind } from './migration-report.js'

// The Export All import stops at the first record it refuses and names it (`ChatFlow[2].flowData:
// …`). A migration instead leaves that record behind with the reason and goes on with the rest:
// each check runs again without the records it named until it passes.

const RECORD_AT = /^([A-Za-z]+)\[(\d+)\]\.?/

const isGroup = (name: string): name is BundleGroup => (BUNDLE_GROUPS as readonly string[]).includes(name)

const nameOf = (record: Record<string, unknown> | undefined, fallback: string): string =>
  typeof record?.name === 'string' && record.name !== '' ? record.name : String(record?.id ?? fallback)

/** The group and index a check's message names, or undefined when it names no record. */
function namedRecord(message: string): { group: BundleGroup; index: number; reason: string } | undefined {
  const match = RECORD_AT.exec(message)
  if (!match || !isGroup(match[1]!)) return undefined
  // The import's reasons speak of an export file; here the records come from Flowise's database.
  const reason = (message.slice(match[0].length) || message).replace(/\bthe file\b/g, 'the Flowise database')
  return { group: match[1], index: Number(match[2]), reason }
}

/**
 * The records of the bundle as readBundle reads them, each read on its own (its checks are of one
 * record), so a large installation with a few bad records is read once; those it refuses are left
 * behind with the reason.
 */
export function readLeniently(raw: RawBundle, leftBehind: LeftBehind[]): IncomingBundle {
  const now = new Date().toISOString()
  const bundle = {} as Record<BundleGroup, unknown[]>
  for (const group of BUNDLE_GROUPS) {
    bundle[group] = raw[group].flatMap((record): unknown[] => {
      const read = readBundle({ [group]: [record] }, now)
      if (read.ok) return read.bundle[group]
      const reason = namedRecord(read.message)?.reason ?? read.message
      leftBehind.push({ kind: KIND_OF_GROUP[group], name: nameOf(record, group), reason })
      return []
    })
  }
  return bundle as unknown as IncomingBundle
}

/**
 * What `check` answers for the bundle, after leaving behind every record whose refusal (a 400
 * naming it) it throws; any other failure stops the migration.
 */
export async function withoutRefused<T>(
  bundle: IncomingBundle,
  leftBehind: LeftBehind[],
  check: (bundle: IncomingBundle) => Promise<T>,
): Promise<{ bundle: IncomingBundle; result: T }> {
  let current = bundle
  for (;;) {
    try {
      return { bundle: current, result: await check(current) }
    } catch (error) {
      const named = error instanceof HttpError ? namedRecord(error.message) : undefined
      if (!named) throw error
      const records = [...(current[named.group] as RawRecord[])]
      const [dropped] = records.splice(named.index, 1)
      current = { ...current, [named.group]: records }
      leftBehind.push({ kind: KIND_OF_GROUP[named.group], name: nameOf(dropped, named.group), reason: named.reason })
    }
  }
}
