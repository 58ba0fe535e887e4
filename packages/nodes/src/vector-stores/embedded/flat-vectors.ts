// Vectors searched exactly: one Float32Array holding every vector, scaled to length 1 when added so
// cosine similarity is a plain dot product. Small collections live here whole; large ones keep here
// only the vectors their approximate index has not taken in yet.

/** A label (the record's integer key in the store) and its cosine similarity with the query. */
export interface ScoredLabel {
  label: number
  score: number
}

/** The vector scaled to length 1 (a zero vector stays zero, and so scores 0 against anything). */
export function normalized(vector: ArrayLike<number>): Float32Array {
  let squares = 0
  for (let i = 0; i < vector.length; i++) squares += vector[i]! * vector[i]!
  const length = Math.sqrt(squares)
  const out = new Float32Array(vector.length)
  if (length > 0) for (let i = 0; i < vector.length; i++) out[i] = vector[i]! / length
  return out
}

/** Cosine similarity of a query of length 1 with any vector. */
export function cosineToUnit(unitQuery: ArrayLike<number>, vector: ArrayLike<number>): number {
  let dot = 0
  let squares = 0
  for (let i = 0; i < vector.length; i++) {
    dot += unitQuery[i]! * vector[i]!
    squares += vector[i]! * vector[i]!
  }
  return squares === 0 ? 0 : dot / Math.sqrt(squares)
}

/** Keeps the `k` best of a stream of scores, best first, without sorting the stream. */
export class TopK {
  readonly items: ScoredLabel[] = []
  constructor(private readonly k: number) {}

  /** The score a newcomer must beat to get in. */
  get floor(): number {
    return this.items.length < this.k ? -Infinity : this.items[this.items.length - 1]!.score
  }

  offer(label: number, score: number): void {
    if (this.k <= 0 || score <= this.floor) return
    let at = this.items.length
    while (at > 0 && this.items[at - 1]!.score < score) at--
    this.items.splice(at, 0, { label, score })
    if (this.items.length > this.k) this.items.pop()
  }
}

export class FlatVectors {
  private data: Float32Array
  private labelAt: Uint32Array
  private readonly positionOf = new Map<number, number>()

  constructor(
    readonly dimensions: number,
    capacity = 64,
  ) {
    this.data = new Float32Array(capacity * dimensions)
    this.labelAt = new Uint32Array(capacity)
  }

  get size(): number {
    return this.positionOf.size
  }

  has(label: number): boolean {
    return this.positionOf.has(label)
  }

  labels(): IterableIterator<number> {
    return this.positionOf.keys()
  }

  /** Adds a vector (scaled to length 1), or replaces the one under the same label. */
  add(label: number, vector: ArrayLike<number>): void {
    if (vector.length !== this.dimensions) {
      throw new Error(`A vector of ${vector.length} numbers cannot join vectors of ${this.dimensions}.`)
    }
    let position = this.positionOf.get(label)
    if (position === undefined) {
      position = this.positionOf.size
      if (position === this.labelAt.length) this.grow()
      this.positionOf.set(label, position)
      this.labelAt[position] = label
    }
    this.data.set(normalized(vector), position * this.dimensions)
  }

  /** Removes a label's vector by moving the last one into its place; false when it was not here. */
  remove(label: number): boolean {
    const position = this.positionOf.get(label)
    if (position === undefined) return false
    const last = this.positionOf.size - 1
    if (position !== last) {
      const moved = this.labelAt[last]!
      this.data.copyWithin(position * this.dimensions, last * this.dimensions, (last + 1) * this.dimensions)
      this.labelAt[position] = moved
      this.positionOf.set(moved, position)
    }
    this.positionOf.delete(label)
    // Gives memory back as an index takes the vectors in.
    if (this.labelAt.length > 64 && this.size <= this.labelAt.length / 4) this.resize(this.labelAt.length / 2)
    return true
  }

  /** A copy of the label's vector (length 1), or undefined. */
  vectorOf(label: number): Float32Array | undefined {
    const position = this.positionOf.get(label)
    if (position === undefined) return undefined
    return this.data.slice(position * this.dimensions, (position + 1) * this.dimensions)
  }

  /** The `k` closest vectors among those `accept` lets through; `query` must have length 1. */
  search(query: Float32Array, k: number, accept?: (label: number) => boolean): ScoredLabel[] {
    const top = new TopK(k)
    const { data, dimensions } = this
    for (let position = 0, offset = 0; position < this.positionOf.size; position++, offset += dimensions) {
      const label = this.labelAt[position]!
      if (accept && !accept(label)) continue
      let dot = 0
      for (let i = 0; i < dimensions; i++) dot += query[i]! * data[offset + i]!
      if (dot > top.floor) top.offer(label, dot)
    }
    return top.items
  }

  private grow(): void {
    this.resize(this.labelAt.length * 2)
  }

  private resize(capacity: number): void {
    const data = new Float32Array(capacity * this.dimensions)
    data.set(this.data.subarray(0, this.size * this.dimensions))
    const labelAt = new Uint32Array(capacity)
    labelAt.set(this.labelAt.subarray(0, this.size))
    this.data = data
    this.labelAt = labelAt
  }
}
