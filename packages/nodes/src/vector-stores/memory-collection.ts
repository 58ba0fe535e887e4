import { matchesMetadataFilter, type MetadataFilter, type SourceDocument } from '@weft/core'
import type { UpsertChanges, VectorRecord } from '../documents/vector-collection.js'
import type { SearchableCollection, VectorHit } from './collection-store.js'
import { dimensionMismatch } from './embedded/dimension-mismatch.js'
import { cosineToUnit, normalized, TopK } from './embedded/flat-vectors.js'

// The In-Memory Vector Store's records: held by this process only, searched exactly (every vector
// compared with the question), gone on restart. Bounded in numbers held, so one flow with a huge
// document set is refused rather than filling the server's memory.

/** About 32 MB of vectors in one store (4 bytes a number). */
export const MAX_NUMBERS_PER_STORE = 8_000_000

interface HeldRecord {
  vector: number[]
  /** The vector scaled to length 1, so a search is a dot product. */
  unit: Float32Array
  document: SourceDocument
  /** The document as JSON, to tell a rewrite from an upsert of the same record. */
  json: string
}

export class MemoryCollection implements SearchableCollection {
  private readonly records = new Map<string, HeldRecord>()
  private dimensions: number | undefined

  constructor(
    readonly label: string,
    private readonly maxNumbers = MAX_NUMBERS_PER_STORE,
  ) {}

  /** Numbers held, for the bound on all stores together. */
  get size(): number {
    return this.records.size * (this.dimensions ?? 0)
  }

  /** The length of the vectors held; undefined while empty. */
  get vectorLength(): number | undefined {
    return this.records.size === 0 ? undefined : this.dimensions
  }

  async upsert(records: VectorRecord[]): Promise<UpsertChanges> {
    const byId = new Map<string, VectorRecord>()
    for (const record of records) {
      if (typeof record.id !== 'string' || record.id === '') throw new Error(`${this.label}: every record needs an id.`)
      byId.set(record.id, record)
    }
    if (byId.size === 0) return { added: [], updated: 0, skipped: 0 }
    const dimensions = this.vectorLength ?? records[0]!.vector.length
    for (const record of byId.values()) {
      if (record.vector.length !== dimensions) throw dimensionMismatch(this.label, dimensions, record.vector.length)
      if (!record.vector.every(Number.isFinite))
        throw new Error(`${this.label}: a vector holds a number that is not finite.`)
    }
    const newCount = [...byId.keys()].filter((id) => !this.records.has(id)).length
    if ((this.records.size + newCount) * dimensions > this.maxNumbers) {
      throw new Error(
        `${this.label} holds at most ${this.maxNumbers.toLocaleString('en')} numbers of vectors ` +
          `(${Math.floor(this.maxNumbers / dimensions).toLocaleString('en')} documents of this embedding); ` +
          'use the Embedded Vector Store or Faiss for more.',
      )
    }
    // Checked whole before anything is written, so an upsert is written whole or not at all.
    this.dimensions = dimensions
    const changes: UpsertChanges = { added: [], updated: 0, skipped: 0 }
    for (const [id, record] of byId) {
      const json = JSON.stringify(record.document)
      const held = this.records.get(id)
      if (held && held.json === json && sameNumbers(held.vector, record.vector)) {
        changes.skipped++
        continue
      }
      if (held) changes.updated++
      else changes.added.push(id)
      this.records.set(id, {
        vector: [...record.vector],
        unit: normalized(record.vector),
        document: record.document,
        json,
      })
    }
    return changes
  }

  async delete(ids: string[]): Promise<void> {
    for (const id of ids) this.records.delete(id)
  }

  async clear(): Promise<void> {
    this.records.clear()
  }

  async search(vector: number[], k: number, filter?: MetadataFilter) {
    return (await this.searchWithVectors(vector, k, filter)).map(({ document, score, id }) => ({ id, document, score }))
  }

  async searchWithVectors(vector: number[], k: number, filter?: MetadataFilter): Promise<VectorHit[]> {
    const held = this.vectorLength
    if (held === undefined) return []
    if (vector.length !== held) throw dimensionMismatch(this.label, held, vector.length)
    const query = normalized(vector)
    const entries = [...this.records.entries()]
    const top = new TopK(k)
    entries.forEach(([, record], at) => {
      if (filter && !matchesMetadataFilter(record.document.metadata, filter)) return
      top.offer(at, cosineToUnit(query, record.unit))
    })
    return top.items.map(({ label, score }) => {
      const [id, record] = entries[label]!
      return { id, document: record.document, score, vector: [...record.vector] }
    })
  }

  async ids(): Promise<string[]> {
    return [...this.records.keys()]
  }

  async count(): Promise<number> {
    return this.records.size
  }

  /** Nothing to let go: the records stay for the flow's next run. */
  async close(): Promise<void> {}
}

function sameNumbers(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((value, at) => value === b[at])
}
