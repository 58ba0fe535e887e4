import { chmod, rename, rm } from 'node:fs/promises'
import hnswlib from 'hnswlib-node'
import type { HierarchicalNSW } from 'hnswlib-node'
import type { ScoredLabel } from './flat-vectors.js'

// The approximate index of a large collection: hnswlib's HNSW graph in cosine space, keyed by the
// records' labels. It is a cache of what SQLite holds: labels are never reused within a collection,
// so an index saved earlier is brought up to date by adding the labels it lacks and marking deleted
// the ones it has too many of. Deleted slots are reused by later additions, so the graph does not grow
// with replacements.

export interface HnswSettings {
  /** Links per node: more links, better recall, slower build. */
  m: number
  /** Candidates weighed while linking a new node. */
  efConstruction: number
  /** Candidates weighed per search (at least the number of results asked for). */
  efSearch: number
}

const SEED = 100

/** An empty graph for `capacity` vectors; it grows when full. Deleted slots are reused. */
export function createGraph(dimensions: number, capacity: number, settings: HnswSettings): HierarchicalNSW {
  const graph = new hnswlib.HierarchicalNSW('cosine', dimensions)
  graph.initIndex(Math.max(capacity, 16), settings.m, settings.efConstruction, SEED, true)
  return graph
}

/** A saved graph read on this thread, or undefined when the file is unreadable or of another vector length. */
export function readGraph(path: string, dimensions: number): HierarchicalNSW | undefined {
  const graph = new hnswlib.HierarchicalNSW('cosine', dimensions)
  try {
    graph.readIndexSync(path, true)
  } catch {
    return undefined
  }
  return graph.getNumDimensions() === dimensions ? graph : undefined
}

export class HnswIndex {
  /** Labels in the graph that are not marked deleted. */
  readonly live = new Set<number>()

  private constructor(
    private readonly graph: HierarchicalNSW,
    readonly dimensions: number,
    private readonly settings: HnswSettings,
  ) {
    graph.setEf(settings.efSearch)
  }

  static create(dimensions: number, capacity: number, settings: HnswSettings): HnswIndex {
    return new HnswIndex(createGraph(dimensions, capacity, settings), dimensions, settings)
  }

  /**
   * Reads a saved index (off the main thread). `isLive` says which labels the store holds: the
   * others are marked deleted here. Undefined when the file is missing, unreadable or of another
   * vector length.
   */
  static async load(
    path: string,
    dimensions: number,
    settings: HnswSettings,
    isLive: (label: number) => boolean,
  ): Promise<HnswIndex | undefined> {
    const graph = new hnswlib.HierarchicalNSW('cosine', dimensions)
    try {
      await graph.readIndex(path, true)
    } catch {
      return undefined
    }
    if (graph.getNumDimensions() !== dimensions) return undefined
    const index = new HnswIndex(graph, dimensions, settings)
    for (const label of graph.getIdsList()) {
      if (isLive(label)) {
        index.live.add(label)
        continue
      }
      try {
        graph.markDelete(label)
      } catch {
        // Marked deleted already.
      }
    }
    return index
  }

  get size(): number {
    return this.live.size
  }

  has(label: number): boolean {
    return this.live.has(label)
  }

  /** Adds a vector under a new label, in a deleted slot when there is one. */
  add(label: number, vector: ArrayLike<number>): void {
    const deletedSlots = this.graph.getCurrentCount() - this.live.size
    const max = this.graph.getMaxElements()
    if (deletedSlots === 0 && this.graph.getCurrentCount() >= max) this.graph.resizeIndex(Math.ceil(max * 1.5) + 16)
    this.graph.addPoint(Array.from(vector), label, true)
    this.live.add(label)
  }

  remove(label: number): boolean {
    if (!this.live.delete(label)) return false
    this.graph.markDelete(label)
    return true
  }

  /** The label's vector (scaled to length 1), for scoring it again (MMR, filters). */
  vectorOf(label: number): Float32Array | undefined {
    if (!this.live.has(label)) return undefined
    return Float32Array.from(this.graph.getPoint(label))
  }

  /** About the `k` closest labels that `accept` lets through, closest first. */
  search(query: ArrayLike<number>, k: number, accept?: (label: number) => boolean): ScoredLabel[] {
    const wanted = Math.min(k, this.live.size)
    if (wanted <= 0) return []
    this.graph.setEf(Math.max(this.settings.efSearch, wanted))
    const { neighbors, distances } = accept
      ? this.graph.searchKnn(Array.from(query), wanted, accept)
      : this.graph.searchKnn(Array.from(query), wanted)
    // Cosine space: the distance is 1 − cosine similarity.
    return neighbors.map((label, i) => ({ label, score: 1 - distances[i]! }))
  }

  /** Writes the index beside its final path, then moves it there, so a crash never leaves half a file. */
  async save(path: string): Promise<void> {
    const temporary = `${path}.${process.pid}.tmp`
    try {
      await this.graph.writeIndex(temporary)
      await chmod(temporary, 0o600)
      await rename(temporary, path)
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
  }
}
