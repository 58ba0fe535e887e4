import type { Embedder } from '../providers/embedder.js'
import type { VectorStore } from './retriever.js'
import type { SearchSettings } from './search-settings.js'
import { mmrSearch, similaritySearch, type VectorIndex } from './vector-index.js'

/** A store over an index already embedded: each search embeds only the query. */
export function memoryVectorStore(
  label: string,
  embedder: Embedder,
  index: VectorIndex,
  settings: SearchSettings,
): VectorStore {
  const embedQuery = async (query: string, signal: AbortSignal) => {
    const [vector] = await embedder.embed([query], signal)
    if (!vector) throw new Error(`${embedder.label} gave no vector for the question.`)
    return vector
  }
  return {
    kind: 'vectorStore',
    label,
    similaritySearch: async (query, k, signal) => similaritySearch(index, await embedQuery(query, signal), k),
    retriever: {
      kind: 'retriever',
      label,
      retrieve: async (query, signal) => {
        const vector = await embedQuery(query, signal)
        const found =
          settings.type === 'mmr' ? mmrSearch(index, vector, settings) : similaritySearch(index, vector, settings.k)
        return found.map(({ document }) => document)
      },
    },
  }
}
