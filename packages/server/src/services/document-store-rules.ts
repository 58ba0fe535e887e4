import type { DocumentStoreStatus, LoaderStatus } from '@weft/core'

/**
 * Where the store's latest upsert stands: running; over and still matching the chunks (current);
 * over, its vectors kept, but chunks changed since (outdated); or none kept.
 */
export type UpsertState = 'none' | 'running' | 'current' | 'outdated'

/**
 * A store's status as its loaders and upserts make it: EMPTY without loaders, UPSERTING while an
 * upsert runs, SYNCING while a loader is processed, UPSERTED when every loader is processed and the
 * latest upsert finished after the last change, STALE when chunks changed after it (or a loader
 * failed or was left unfinished), SYNC once all loaders are processed, NEW while some were never processed.
 */
export function storeStatusOf(loaders: readonly LoaderStatus[], upsert: UpsertState = 'none'): DocumentStoreStatus {
  if (loaders.length === 0) return 'EMPTY'
  if (upsert === 'running') return 'UPSERTING'
  if (upsert === 'current' && loaders.every((status) => status === 'SYNC')) return 'UPSERTED'
  if (upsert === 'outdated' && loaders.every((status) => status === 'SYNC')) return 'STALE'
  if (loaders.includes('SYNCING')) return 'SYNCING'
  if (loaders.every((status) => status === 'SYNC')) return 'SYNC'
  if (loaders.some((status) => status === 'STALE' || status === 'ERROR')) return 'STALE'
  return 'NEW'
}

/**
 * A chunk's metadata without the keys a loader is told to omit: a comma-separated list, or `*` for
 * every key but the ones the user added (`added`), as Flowise reads it.
 */
export function omitMetadataKeys(
  metadata: Record<string, unknown>,
  omit: string | undefined,
  added: Record<string, unknown>,
): Record<string, unknown> {
  const keys = new Set(
    (omit ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key !== ''),
  )
  if (keys.size === 0) return metadata
  const kept = keys.has('*') ? (key: string) => Object.hasOwn(added, key) : (key: string) => !keys.has(key)
  return Object.fromEntries(Object.entries(metadata).filter(([key]) => kept(key)))
}
