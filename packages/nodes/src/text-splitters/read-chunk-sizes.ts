import { readNumber } from '../providers/node-inputs.js'
import { checkSizes } from '../documents/split-text.js'

/** Chunk Size and Chunk Overlap as numbers, with the descriptors' defaults; a wrong pair fails at once. */
export function readChunkSizes(inputs: Record<string, unknown>): { chunkSize: number; chunkOverlap: number } {
  const sizes = {
    chunkSize: readNumber(inputs.chunkSize) ?? 1000,
    chunkOverlap: readNumber(inputs.chunkOverlap) ?? 200,
  }
  checkSizes(sizes)
  return sizes
}
