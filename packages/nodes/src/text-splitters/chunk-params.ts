import type { InputParam } from '@weft/core'

// Chunk size and overlap, shared by the text splitters.

export const chunkSizeParam: InputParam = {
  label: 'Chunk Size',
  name: 'chunkSize',
  type: 'number',
  description: 'The most characters in one chunk.',
  step: 1,
  default: 1000,
  optional: true,
}

export const chunkOverlapParam: InputParam = {
  label: 'Chunk Overlap',
  name: 'chunkOverlap',
  type: 'number',
  description: 'Characters repeated from the end of one chunk at the start of the next, so no sentence is lost.',
  step: 1,
  default: 200,
  optional: true,
}
