import type { InputParam, NodeOutput } from '@weft/core'

// What both vector stores share: documents in, embeddings, search settings, two outputs.

export const storeInputs: InputParam[] = [
  {
    label: 'Document',
    name: 'document',
    type: 'Document',
    description: 'Documents to add to the store; leave unconnected to search what is stored already.',
    list: true,
    optional: true,
  },
  { label: 'Embeddings', name: 'embeddings', type: 'Embeddings' },
]

/** How many passages a search returns: every store's, and the Document Store node's only setting. */
export const topKParam: InputParam = {
  label: 'Top K',
  name: 'topK',
  type: 'number',
  description: 'How many passages a search returns.',
  step: 1,
  default: 4,
  optional: true,
  additionalParams: true,
}

export const searchParams: InputParam[] = [
  topKParam,
  {
    label: 'Search Type',
    name: 'searchType',
    type: 'options',
    options: [
      { label: 'Similarity', name: 'similarity', description: 'The closest passages.' },
      {
        label: 'Max Marginal Relevance',
        name: 'mmr',
        description: 'Close passages that differ from each other, for varied results.',
      },
    ],
    default: 'similarity',
    optional: true,
    additionalParams: true,
  },
  {
    label: 'Fetch K',
    name: 'fetchK',
    type: 'number',
    description: 'How many close passages MMR chooses from.',
    step: 1,
    default: 20,
    optional: true,
    additionalParams: true,
    show: { searchType: 'mmr' },
  },
  {
    label: 'Diversity',
    name: 'lambda',
    type: 'number',
    description: '0 picks the most varied passages, 1 the closest ones.',
    step: 0.1,
    default: 0.5,
    optional: true,
    additionalParams: true,
    show: { searchType: 'mmr' },
  },
]

/** The store used as a retriever (for chains and tools) or as a store (to search directly). */
export function storeOutputs(storeClass: string): NodeOutput[] {
  return [
    { label: 'Retriever', name: 'retriever', baseClasses: [storeClass, 'VectorStoreRetriever', 'BaseRetriever'] },
    { label: 'Vector Store', name: 'vectorStore', baseClasses: [storeClass, 'VectorStore'] },
  ]
}
