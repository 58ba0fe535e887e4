/** The value an embeddings node builds: turns texts into vectors of one fixed length. */
export interface Embedder {
  kind: 'embedder'
  /** For messages and errors, e.g. "Hashing embedder (lexical, 256 dimensions)". */
  label: string
  embed: (texts: string[], signal?: AbortSignal) => Promise<number[][]>
}

export const isEmbedder = (value: unknown): value is Embedder =>
  typeof value === 'object' && value !== null && (value as Embedder).kind === 'embedder'
