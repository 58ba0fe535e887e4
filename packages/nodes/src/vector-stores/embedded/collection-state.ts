import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { matchesMetadataFilter, type MetadataFilter, type SourceDocument } from '@weft/core'
import { dimensionMismatch } from './dimension-mismatch.js'
import { filterableOf, filterKey, type FilterableValues } from './filterable-metadata.js'
import { cosineToUnit, FlatVectors, normalized, TopK, type ScoredLabel } from './flat-vectors.js'
import { buildInWorker, hnswWorkerUrl, type HnswBuild } from './hnsw-build.js'
import { HnswIndex, type HnswSettings } from './hnsw-index.js'
import type { UpsertChanges } from '../../documents/vector-collection.js'
import type { CollectionRow, StoredEntry, StoredRecord, VectorsDatabase } from './vectors-database.js'
import { vectorOfBlob, yieldToOthers } from './vectors-database.js'

// One collection as this process holds it: ids, labels and the metadata filters look at, the
// vectors not yet in the approximate index (all of them while the collection is small), and the
// index. Every write goes to SQLite first, then here; a write by another process (a queue worker) is
// noticed by the collection's change counter and read back before the next search.

export interface EmbeddedCollectionOptions {
  /**
   * Records from which an HNSW index answers instead of exact search. Default: once an exact search
   * would read 2,560,000 numbers (10,000 vectors of 256, 1,667 of 1,536).
   */
  indexAbove?: number
  hnsw?: Partial<HnswSettings>
  /** Records waiting for the index from which a worker thread builds it, rather than this thread. */
  workerAbove?: number
  /** The index file is saved at most this long after the index changed (and on close). */
  saveDelayMs?: number
  /** A filter that this many records or fewer match is answered by exact search over them. */
  exactFilterBelow?: number
}

export interface IndexState {
  /** `exact` while the collection is small; `hnsw` once it has an index. */
  kind: 'exact' | 'hnsw'
  /** Records in the index. */
  indexed: number
  /** Records searched exactly: all of a small collection, those the index has not taken in yet. */
  pending: number
  /** True when the index came from its file rather than being built. */
  fromFile: boolean
  /** True when that file's stamp did not match the records (a crash before it was saved). */
  staleFile: boolean
  /** True while a worker thread builds the index. */
  building: boolean
}

/** A record ready to store: its vector checked and as float32 bytes, its metadata as JSON. */
export interface PreparedRecord {
  id: string
  vector: Float32Array
  blob: Buffer
  pageContent: string
  metadata: string
}

export interface ScoredRecord {
  id: string
  document: SourceDocument
  score: number
  vector: Float32Array
}

interface Entry {
  id: string
  filterable: FilterableValues
}

/**
 * Chosen with bench/vector-store.mjs (bench/README.md): at 100,000 vectors of 256, about 2.7 ms a
 * query and 93 % of the exact 4 closest; the slow build runs on a worker thread.
 */
export const DEFAULT_HNSW: HnswSettings = { m: 32, efConstruction: 200, efSearch: 640 }
const INDEX_ABOVE_NUMBERS = 2_560_000
const SAVE_DELAY_MS = 30_000
const WORKER_ABOVE = 2000
/** Scoring 500 records read from SQLite takes about 2 ms. */
const EXACT_FILTER_BELOW = 500
/** Records written or read per turn of the event loop. */
const BATCH = 500
/** How long one turn of building the index may keep the event loop. */
const SLICE_MS = 8

interface Change {
  id: string
  label: number
  replaced: number | undefined
  metadata: string
  vector: Float32Array
}

export class CollectionState {
  dimensions: number | null = null
  private epoch: string | undefined
  private version = 0
  private readonly entries = new Map<number, Entry>()
  private readonly labelOf = new Map<string, number>()
  private flat: FlatVectors | undefined
  private index: HnswIndex | undefined
  private triedFile = false
  private fromFile = false
  private staleFile = false
  private indexDirty = false
  private indexBroken = false
  private pumping = false
  private build: HnswBuild | undefined
  private building = false
  private workerBroken = false
  private builds = 0
  private saving: Promise<void> | undefined
  private saveTimer: NodeJS.Timeout | undefined
  private queue: Promise<unknown> = Promise.resolve()
  private idle: (() => void)[] = []
  private readonly matching = new Map<string, Set<number>>()
  private closed = false
  private readonly settings: HnswSettings

  constructor(
    private readonly db: VectorsDatabase,
    readonly name: string,
    readonly label: string,
    private readonly options: EmbeddedCollectionOptions,
  ) {
    this.settings = { ...DEFAULT_HNSW, ...options.hnsw }
  }

  /** Reads the collection from SQLite (and its index file) for the first time. */
  open(): Promise<void> {
    return this.exclusive(() => this.sync())
  }

  get count(): number {
    return this.entries.size
  }

  ids(): string[] {
    return [...this.labelOf.keys()]
  }

  indexState(): IndexState {
    return {
      kind: this.index ? 'hnsw' : 'exact',
      indexed: this.index?.size ?? 0,
      pending: this.flat?.size ?? 0,
      fromFile: this.fromFile,
      staleFile: this.staleFile,
      building: this.building,
    }
  }

  /** Resolves once the index has taken in every record (at once for a small collection). */
  whenIndexed(): Promise<void> {
    if (!this.pumping && !this.building) return Promise.resolve()
    return new Promise((resolve) => this.idle.push(resolve))
  }

  /** Reads back what another process wrote since this one last looked. */
  async refresh(): Promise<void> {
    const row = this.db.collection(this.name)
    if (this.isCurrent(row)) return
    await this.exclusive(async () => {
      if (!this.isCurrent(this.db.collection(this.name))) await this.sync()
    })
  }

  /** Writes the records that differ from what is stored; answers what it added, replaced and left alone. */
  async upsert(records: PreparedRecord[], signal?: AbortSignal): Promise<UpsertChanges> {
    return this.exclusive(async () => {
      const { before, changes, dimensions } = await this.db.transaction(async (transaction) => {
        const row = transaction.collection(this.name)
        let dimensions = row.dimensions
        let next = row.next_label
        const changes: Change[] = []
        for (const [at, record] of records.entries()) {
          dimensions ??= record.vector.length
          if (record.vector.length !== dimensions) throw dimensionMismatch(this.label, dimensions, record.vector.length)
          const stored = transaction.record(this.name, record.id)
          if (
            stored &&
            stored.page_content === record.pageContent &&
            stored.metadata === record.metadata &&
            stored.vector.equals(record.blob)
          ) {
            continue
          }
          const label = next++
          transaction.put(this.name, {
            id: record.id,
            label,
            vector: record.blob,
            page_content: record.pageContent,
            metadata: record.metadata,
          })
          changes.push({
            id: record.id,
            label,
            replaced: stored?.label,
            metadata: record.metadata,
            vector: record.vector,
          })
          if ((at + 1) % BATCH === 0) {
            signal?.throwIfAborted()
            await yieldToOthers()
          }
        }
        signal?.throwIfAborted()
        if (changes.length > 0) transaction.changed(this.name, dimensions, next)
        return { before: row, changes, dimensions }
      })
      const result: UpsertChanges = {
        added: changes.filter((change) => change.replaced === undefined).map((change) => change.id),
        updated: changes.filter((change) => change.replaced !== undefined).length,
        skipped: records.length - changes.length,
      }
      if (changes.length === 0) return result
      await this.applyOwn(before, () => {
        if (this.dimensions === null && dimensions !== null) this.dimensions = dimensions
        this.flat ??= new FlatVectors(dimensions!)
        for (const change of changes) {
          if (change.replaced !== undefined) this.forget(change.replaced)
          this.remember({ id: change.id, label: change.label, metadata: change.metadata })
          this.flat.add(change.label, change.vector)
        }
      })
      return result
    })
  }

  async delete(ids: string[], signal?: AbortSignal): Promise<void> {
    await this.exclusive(async () => {
      const { before, removed } = await this.db.transaction(async (transaction) => {
        const row = transaction.collection(this.name)
        const removed: number[] = []
        for (const id of new Set(ids)) {
          const stored = transaction.record(this.name, id)
          if (!stored) continue
          transaction.remove(this.name, id)
          removed.push(stored.label)
        }
        signal?.throwIfAborted()
        if (removed.length > 0) transaction.changed(this.name, row.dimensions, row.next_label)
        return { before: row, removed }
      })
      if (removed.length === 0) return
      await this.applyOwn(before, () => removed.forEach((label) => this.forget(label)))
    })
  }

  async clear(signal?: AbortSignal): Promise<void> {
    await this.exclusive(async () => {
      signal?.throwIfAborted()
      const row = await this.db.transaction(async (transaction) => {
        const row = transaction.collection(this.name)
        transaction.removeAll(this.name)
        transaction.changed(this.name, null, row.next_label)
        transaction.stamp(this.name, null, null)
        return row
      })
      this.reset()
      this.epoch = row.epoch
      this.version = row.version + 1
      await rm(this.indexFile(row.epoch), { force: true })
    })
  }

  /** The `k` closest records that match the filter, closest first, with their stored vectors. */
  search(vector: ArrayLike<number>, wanted: number, filter?: MetadataFilter): ScoredRecord[] {
    const k = Math.floor(wanted)
    if (this.dimensions === null || this.entries.size === 0 || k <= 0) return []
    if (vector.length !== this.dimensions) throw dimensionMismatch(this.label, this.dimensions, vector.length)
    const query = normalized(vector)
    const filtered = filter && Object.keys(filter).length > 0 ? filter : undefined
    const accept = filtered
      ? (label: number) => {
          const entry = this.entries.get(label)
          return entry !== undefined && matchesMetadataFilter(entry.filterable, filtered)
        }
      : undefined
    const found = this.flat?.search(query, k, accept) ?? []
    if (this.index && this.index.size > 0) found.push(...this.searchIndex(this.index, query, k, filtered, accept))
    found.sort((a, b) => b.score - a.score)
    return this.recordsOf(found.slice(0, k))
  }

  async close(): Promise<void> {
    await this.exclusive(async () => {
      this.closed = true
      clearTimeout(this.saveTimer)
      await this.stopBuild()
      await this.saveIndex()
    })
    this.pumping = false
    this.notifyIdle()
  }

  /**
   * With a filter: few matching records are scored exactly (their vectors read from SQLite); more
   * are found among the closest `3k ÷ share matching` records of a plain walk of the graph (no call
   * into JavaScript per step), then by a walk that asks the filter at every step, then exactly.
   */
  private searchIndex(
    index: HnswIndex,
    query: Float32Array,
    k: number,
    filter: MetadataFilter | undefined,
    accept: ((label: number) => boolean) | undefined,
  ): ScoredLabel[] {
    if (!filter || !accept) return index.search(query, k)
    const matching = this.matchingLabels(filter, accept)
    const enough = (found: ScoredLabel[]) => found.length >= Math.min(k, matching.size)
    if (matching.size > Math.max(this.options.exactFilterBelow ?? EXACT_FILTER_BELOW, k)) {
      const wide = Math.min(index.size, Math.ceil((3 * k * index.size) / matching.size))
      const found = index
        .search(query, wide)
        .filter(({ label }) => matching.has(label))
        .slice(0, k)
      if (enough(found)) return found
      const walked = index.search(query, k, (label) => matching.has(label))
      if (enough(walked)) return walked
    }
    const top = new TopK(k)
    const inIndex = [...matching].filter((label) => index.has(label))
    for (const { label, vector } of this.db.vectors(this.name, inIndex)) {
      top.offer(label, cosineToUnit(query, vectorOfBlob(vector)))
    }
    return top.items
  }

  /** The labels a filter matches, kept until the records change. */
  private matchingLabels(filter: MetadataFilter, accept: (label: number) => boolean): Set<number> {
    const key = filterKey(filter)
    let labels = this.matching.get(key)
    if (!labels) {
      labels = new Set([...this.entries.keys()].filter(accept))
      if (this.matching.size > 32) this.matching.clear()
      this.matching.set(key, labels)
    }
    return labels
  }

  private recordsOf(found: ScoredLabel[]): ScoredRecord[] {
    const byLabel = new Map<number, StoredRecord>()
    for (const record of this.db.records(
      this.name,
      found.map(({ label }) => label),
    )) {
      byLabel.set(record.label, record)
    }
    return found.flatMap(({ label, score }) => {
      const record = byLabel.get(label)
      if (!record) return []
      const metadata = JSON.parse(record.metadata) as Record<string, unknown>
      return [
        {
          id: record.id,
          document: { pageContent: record.page_content, metadata },
          score,
          vector: vectorOfBlob(record.vector),
        },
      ]
    })
  }

  private isCurrent(row: CollectionRow | undefined): boolean {
    if (!row) return this.version === 0 && this.epoch === undefined
    return row.version === this.version && row.epoch === this.epoch
  }

  /** Applies a write of ours, or reads everything back when another process wrote in between. */
  private async applyOwn(before: CollectionRow, apply: () => void): Promise<void> {
    const unchangedSince = before.version === this.version && (this.epoch === undefined || this.epoch === before.epoch)
    if (!unchangedSince) return this.sync()
    apply()
    this.epoch = before.epoch
    this.version = before.version + 1
    this.afterChange()
  }

  /** Brings memory level with SQLite: forgets removed records, reads added ones. */
  private async sync(): Promise<void> {
    const row = this.db.collection(this.name)
    if (!row || row.dimensions === null || row.epoch !== this.epoch || row.dimensions !== this.dimensions) {
      this.reset()
    }
    if (!row || row.dimensions === null) {
      this.epoch = row?.epoch
      this.version = row?.version ?? 0
      return
    }
    this.epoch = row.epoch
    this.dimensions = row.dimensions
    this.flat ??= new FlatVectors(row.dimensions)
    const live = new Set(this.db.labels(this.name))
    if (!this.index && !this.triedFile && !this.indexBroken) await this.loadIndexFile(row, live)
    for (const label of [...this.entries.keys()]) if (!live.has(label)) this.forget(label)
    const missing = [...live].filter((label) => !this.entries.has(label)).sort((a, b) => a - b)
    for (let at = 0; at < missing.length; at += BATCH) {
      const batch = missing.slice(at, at + BATCH)
      const index = this.index
      const needVectors = index ? batch.filter((label) => !index.has(label)) : batch
      for (const record of this.db.records(this.name, needVectors)) {
        this.remember(record)
        this.flat.add(record.label, vectorOfBlob(record.vector))
      }
      if (index)
        for (const entry of this.db.entries(
          this.name,
          batch.filter((label) => index.has(label)),
        ))
          this.remember(entry)
      await yieldToOthers()
    }
    // Records removed between the reads above: the next look at the counter reads them again.
    if (this.index) {
      for (const label of [...this.index.live])
        if (!this.entries.has(label) && this.index.remove(label)) this.indexDirty = true
    }
    this.version = row.version
    this.afterChange()
  }

  private async loadIndexFile(row: CollectionRow, live: Set<number>): Promise<void> {
    this.triedFile = true
    const file = this.indexFile(row.epoch)
    if (!existsSync(file)) return
    const index = await HnswIndex.load(file, row.dimensions!, this.settings, (label) => live.has(label))
    if (!index) return
    this.index = index
    this.fromFile = true
    this.staleFile = row.index_version !== row.version || row.index_count !== live.size || index.size !== live.size
    if (this.staleFile) this.indexDirty = true
  }

  private remember(entry: StoredEntry): void {
    this.entries.set(entry.label, { id: entry.id, filterable: filterableOf(entry.metadata) })
    this.labelOf.set(entry.id, entry.label)
  }

  private forget(label: number): void {
    const entry = this.entries.get(label)
    if (entry) {
      this.entries.delete(label)
      if (this.labelOf.get(entry.id) === label) this.labelOf.delete(entry.id)
    }
    this.flat?.remove(label)
    if (this.index?.remove(label)) this.indexDirty = true
  }

  private reset(): void {
    void this.stopBuild()
    this.entries.clear()
    this.labelOf.clear()
    this.matching.clear()
    this.dimensions = null
    this.flat = undefined
    this.index = undefined
    this.triedFile = false
    this.fromFile = false
    this.staleFile = false
    this.indexDirty = false
    this.version = 0
    this.epoch = undefined
  }

  private afterChange(): void {
    this.matching.clear()
    const indexAbove = this.options.indexAbove ?? Math.ceil(INDEX_ABOVE_NUMBERS / (this.dimensions ?? 1))
    const wanted =
      this.index !== undefined || (!this.indexBroken && this.dimensions !== null && this.entries.size >= indexAbove)
    const pending = this.flat?.size ?? 0
    if (wanted && pending >= (this.options.workerAbove ?? WORKER_ABOVE) && !this.workerBroken) this.startBuild()
    if (wanted && !this.index && !this.building) {
      this.index = HnswIndex.create(this.dimensions!, Math.ceil(this.entries.size * 1.25), this.settings)
    }
    if (this.index && pending > 0 && !this.building) this.startPump()
    if (this.indexDirty) this.scheduleSave()
  }

  /**
   * Builds the index on a worker thread from the saved file and SQLite; meanwhile the collection
   * answers from the index it has and exact search over the rest, and takes writes as usual.
   */
  private startBuild(): void {
    const url = hnswWorkerUrl()
    const { epoch, dimensions } = this
    if (this.building || this.closed || !url || !epoch || dimensions === null) return
    this.building = true
    void this.exclusive(async () => {
      // The worker starts from the file: what the index has taken in since it was saved goes there first.
      if (this.index && this.indexDirty) await this.saveIndex()
      if (!this.building || this.epoch !== epoch) return
      const file = this.indexFile(epoch)
      const out = `${file}.${process.pid}.${++this.builds}.build`
      const build = buildInWorker(url, {
        database: this.db.path,
        collection: this.name,
        dimensions,
        settings: this.settings,
        file,
        out,
      })
      this.build = build
      build.done.then(
        () => this.exclusive(() => this.adoptBuild(build, file, out)),
        () => {
          if (this.build === build) this.buildFailed()
        },
      )
    })
  }

  /** Takes the worker's index in place of this one, marking deleted what was removed meanwhile. */
  private async adoptBuild(build: HnswBuild, file: string, out: string): Promise<void> {
    if (this.build !== build) return
    this.build = undefined
    const loaded = this.closed
      ? undefined
      : await HnswIndex.load(out, this.dimensions!, this.settings, (label) => this.entries.has(label))
    this.building = false
    if (!loaded || this.closed) {
      await rm(out, { force: true })
      if (!this.closed) this.buildFailed()
      return
    }
    await rename(out, file)
    this.index = loaded
    const remaining = new FlatVectors(this.dimensions!)
    for (const label of this.flat?.labels() ?? []) {
      if (!loaded.has(label)) remaining.add(label, this.flat!.vectorOf(label)!)
    }
    this.flat = remaining
    this.indexDirty = true
    this.afterChange()
    this.checkIdle()
  }

  private buildFailed(): void {
    this.build = undefined
    this.building = false
    // Build on this thread from now on.
    this.workerBroken = true
    this.afterChange()
    this.checkIdle()
  }

  private async stopBuild(): Promise<void> {
    const build = this.build
    this.build = undefined
    this.building = false
    await build?.stop()
  }

  /** Moves pending vectors into the index a slice at a time, so searches and requests go on meanwhile. */
  private startPump(): void {
    if (this.pumping || this.closed) return
    this.pumping = true
    setImmediate(() => void this.pumpSlice())
  }

  private async pumpSlice(): Promise<void> {
    // Saving reads the graph on another thread: it must not change meanwhile.
    if (this.saving) await this.saving
    const { index, flat } = this
    if (this.closed || this.building || !index || !flat || flat.size === 0) {
      this.pumping = false
      this.checkIdle()
      return
    }
    const until = performance.now() + SLICE_MS
    try {
      for (const label of flat.labels()) {
        index.add(label, flat.vectorOf(label)!)
        flat.remove(label)
        if (performance.now() >= until) break
      }
    } catch {
      // The index could not take a vector: stay exact, reading every vector back from SQLite.
      this.indexBroken = true
      this.reset()
      this.pumping = false
      this.checkIdle()
      void this.exclusive(() => this.sync())
      return
    }
    this.indexDirty = true
    this.scheduleSave()
    setImmediate(() => void this.pumpSlice())
  }

  private checkIdle(): void {
    if (!this.pumping && !this.building) this.notifyIdle()
  }

  private notifyIdle(): void {
    for (const resolve of this.idle.splice(0)) resolve()
  }

  private scheduleSave(): void {
    if (this.saveTimer || this.closed) return
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined
      void this.exclusive(() => this.saveIndex())
    }, this.options.saveDelayMs ?? SAVE_DELAY_MS)
    this.saveTimer.unref()
  }

  /** Saves the index file and its stamp; a failed save leaves the old file, and the stamp says so. */
  private async saveIndex(): Promise<void> {
    const { index, epoch } = this
    if (!index || !this.indexDirty || !epoch) return
    this.indexDirty = false
    const complete = !this.flat || this.flat.size === 0
    const version = this.version
    let done = () => {}
    this.saving = new Promise((resolve) => (done = resolve))
    try {
      await index.save(this.indexFile(epoch))
      await this.db.transaction(async (transaction) => {
        transaction.stamp(this.name, complete ? version : null, index.size)
      })
    } catch {
      this.indexDirty = true
    } finally {
      this.saving = undefined
      done()
    }
  }

  private indexFile(epoch: string): string {
    const key = createHash('sha256').update(`${this.name}\u0000${epoch}`).digest('hex').slice(0, 16)
    return join(this.db.folder, `vectors.${key}.hnsw`)
  }

  /** Runs `work` after the collection's earlier writes, loads and saves. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work, work)
    this.queue = result.catch(() => undefined)
    return result
  }
}
