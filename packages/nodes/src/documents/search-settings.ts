import { readNumber } from '../providers/node-inputs.js'

/** How a vector store node searches: its Top K, Search Type, Fetch K and Diversity inputs. */
export type SearchSettings =
  { type: 'similarity'; k: number } | { type: 'mmr'; k: number; fetchK: number; lambda: number }

export function readSearchSettings(inputs: Record<string, unknown>): SearchSettings {
  const k = Math.max(1, Math.round(readNumber(inputs.topK) ?? 4))
  if (inputs.searchType !== 'mmr') return { type: 'similarity', k }
  const lambda = Math.min(1, Math.max(0, readNumber(inputs.lambda) ?? 0.5))
  return { type: 'mmr', k, fetchK: Math.max(k, Math.round(readNumber(inputs.fetchK) ?? 20)), lambda }
}
