import { resolve } from 'node:path'
import type { VectorRecord } from '../../documents/vector-collection.js'
import type { SearchableCollection } from '../collection-store.js'
import { dimensionMismatch } from './dimension-mismatch.js'
import {
  CollectionState,
  type EmbeddedCollectionOptions,
  type IndexState,
  type PreparedRecord,
} from './collection-state.js'
import { VectorsDatabase } from './vectors-database.js'

// Weft's default vector store, with no server to run: collections in one SQLite file per workspace
// folder, searched exactly while small and through an HNSW index once large. A collection is opened
// once per process and shared by every flow and document store that names it; each opener closes
// its own handle, and the last close saves the index and lets the memory go. Flows keep theirs open
// (`keepEmbeddedCollection`), so a collection a flow searched stays ready for its next run.

export type { EmbeddedCollectionOptions, IndexState } from './collection-state.js'

export interface EmbeddedCollection extends SearchableCollection {
  indexState: () => IndexState
  /** Resolves once the index has taken in every record; searches need not wait for it. */
  whenIndexed: () => Promise<void>
}

interface Shared<T> {
  value: Promise<T>
  users: number
}

const databases = new Map<string, Shared<VectorsDatabase>>()
const collections = new Map<string, Shared<CollectionState>>()
const kept = new Map<string, Promise<EmbeddedCollection>>()

function useDatabase(folder: string): Promise<VectorsDatabase> {
  let shared = databases.get(folder)
  if (!shared) {
    shared = { value: Promise.resolve().then(() => new VectorsDatabase(folder)), users: 0 }
    databases.set(folder, shared)
    shared.value.catch(() => databases.delete(folder))
  }
  shared.users++
  return shared.value
}

async function releaseDatabase(folder: string): Promise<void> {
  const shared = databases.get(folder)
  if (!shared || --shared.users > 0) return
  databases.delete(folder)
  ;(await shared.value).close()
}

async function openState(folder: string, name: string, options: EmbeddedCollectionOptions): Promise<CollectionState> {
  const db = await useDatabase(folder)
  try {
    const state = new CollectionState(db, name, `Embedded Vector Store (${name})`, options)
    await state.open()
    return state
  } catch (error) {
    await releaseDatabase(folder)
    throw error
  }
}

const keyOf = (folder: string, name: string) => `${folder}\u0000${name}`

/**
 * Opens the collection `name` in the workspace folder `folder` (`<folder>/vectors.sqlite`), for an
 * embedding whose vectors have `dimensions` numbers. Options count only for the first opener.
 */
export async function openEmbeddedCollection(
  folder: string,
  name: string,
  dimensions: number,
  options: EmbeddedCollectionOptions = {},
): Promise<EmbeddedCollection> {
  const trimmed = name.trim()
  if (trimmed === '') throw new Error('Give the Embedded Vector Store a Collection Name.')
  const path = resolve(folder)
  const key = keyOf(path, trimmed)
  let shared = collections.get(key)
  if (!shared) {
    shared = { value: openState(path, trimmed, options), users: 0 }
    collections.set(key, shared)
    shared.value.catch(() => collections.delete(key))
  }
  const mine = shared
  mine.users++
  let state: CollectionState
  try {
    state = await mine.value
  } catch (error) {
    mine.users--
    throw error
  }
  return handleOf(state, dimensions, async () => {
    // Gone already when closeEmbeddedCollections closed everything.
    if (collections.get(key) !== mine || --mine.users > 0) return
    collections.delete(key)
    await state.close()
    await releaseDatabase(path)
  })
}

/**
 * The collection opened once for the rest of the process, whose `close` does nothing: for flows,
 * whose runs leave no moment to close it, and whose next run should find it ready.
 */
export function keepEmbeddedCollection(folder: string, name: string, dimensions: number): Promise<EmbeddedCollection> {
  const key = `${keyOf(resolve(folder), name.trim())}\u0000${dimensions}`
  let collection = kept.get(key)
  if (!collection) {
    collection = openEmbeddedCollection(folder, name, dimensions).then((opened) => ({
      ...opened,
      close: async () => {},
    }))
    kept.set(key, collection)
    collection.catch(() => kept.delete(key))
  }
  return collection
}

/** Closes every collection still open (saving their indexes): for shutdown and tests. */
export async function closeEmbeddedCollections(): Promise<void> {
  const open = [...collections.entries()]
  collections.clear()
  kept.clear()
  for (const [key, shared] of open) {
    const state = await shared.value.catch(() => undefined)
    if (!state) continue
    await state.close()
    await releaseDatabase(key.slice(0, key.indexOf('\u0000')))
  }
}

function prepare(records: VectorRecord[], label: string, dimensions: number): PreparedRecord[] {
  // The last record of an id wins, as later upserts replace earlier ones.
  const byId = new Map<string, VectorRecord>()
  for (const record of records) {
    if (typeof record.id !== 'string' || record.id === '') throw new Error(`${label}: every record needs an id.`)
    byId.set(record.id, record)
  }
  return [...byId.values()].map((record) => {
    if (record.vector.length !== dimensions) {
      throw new Error(`${label}: a vector has ${record.vector.length} numbers where the embedding gives ${dimensions}.`)
    }
    const vector = Float32Array.from(record.vector)
    if (!vector.every(Number.isFinite)) throw new Error(`${label}: a vector holds a number that is not finite.`)
    return {
      id: record.id,
      vector,
      blob: Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength),
      pageContent: record.document.pageContent,
      metadata: JSON.stringify(record.document.metadata ?? {}),
    }
  })
}

function handleOf(state: CollectionState, dimensions: number, release: () => Promise<void>): EmbeddedCollection {
  let closed = false
  const ready = async (signal?: AbortSignal) => {
    if (closed) throw new Error(`${state.label} was closed.`)
    signal?.throwIfAborted()
    await state.refresh()
  }
  const sameDimensions = () => {
    if (state.dimensions !== null && state.dimensions !== dimensions) {
      throw dimensionMismatch(state.label, state.dimensions, dimensions)
    }
  }
  const searchWithVectors: EmbeddedCollection['searchWithVectors'] = async (vector, k, filter, signal) => {
    await ready(signal)
    sameDimensions()
    return state
      .search(vector, k, filter)
      .map(({ id, document, score, vector }) => ({ id, document, score, vector: Array.from(vector) }))
  }
  return {
    label: state.label,
    upsert: async (records, signal) => {
      await ready(signal)
      sameDimensions()
      const prepared = prepare(records, state.label, dimensions)
      return prepared.length > 0 ? state.upsert(prepared, signal) : { added: [], updated: 0, skipped: 0 }
    },
    delete: async (ids, signal) => {
      await ready(signal)
      if (ids.length > 0) await state.delete(ids, signal)
    },
    clear: async (signal) => {
      await ready(signal)
      await state.clear(signal)
    },
    search: async (vector, k, filter, signal) => {
      await ready(signal)
      sameDimensions()
      return state.search(vector, k, filter).map(({ id, document, score }) => ({ id, document, score }))
    },
    searchWithVectors,
    ids: async (signal) => {
      await ready(signal)
      return state.ids()
    },
    count: async (signal) => {
      await ready(signal)
      return state.count
    },
    indexState: () => state.indexState(),
    whenIndexed: () => state.whenIndexed(),
    close: async () => {
      if (closed) return
      closed = true
      await release()
    },
  }
}
