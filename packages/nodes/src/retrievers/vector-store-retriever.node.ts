import { defineNode } from '../define-node.js'
import { isVectorStore, type Retriever } from '../documents/retriever.js'
import { readText } from '../runtime/read-input.js'

/** A store's retriever with a name and a description, for a Multi Retrieval QA Chain to choose from. */
export interface NamedRetriever extends Retriever {
  name: string
  description: string
}

export default defineNode({
  descriptor: {
    label: 'Vector Store Retriever',
    name: 'vectorStoreRetriever',
    version: 1,
    type: 'VectorStoreRetriever',
    category: 'Retrievers',
    description: 'A vector store with a name and a description, for a Multi Retrieval QA Chain to choose from.',
    icon: 'vectorStoreRetriever.svg',
    color: '#5E7A1C',
    baseClasses: ['VectorStoreRetriever', 'BaseRetriever'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Vector Store', name: 'vectorStore', type: 'VectorStore' },
      { label: 'Retriever Name', name: 'name', type: 'string', placeholder: 'netflix movies' },
      {
        label: 'Retriever Description',
        name: 'description',
        type: 'string',
        rows: 3,
        description: 'What the store holds; the chain chooses by it.',
        placeholder: 'Good for answering questions about Netflix movies',
      },
    ],
  },
  run: async ({ inputs, label }): Promise<NamedRetriever> => {
    if (!isVectorStore(inputs.vectorStore)) throw new Error('Connect a vector store to Vector Store.')
    const name = readText(inputs.name).trim()
    const description = readText(inputs.description).trim()
    if (!name || !description) throw new Error(`${label}: fill in Retriever Name and Retriever Description.`)
    const { retriever } = inputs.vectorStore
    return { kind: 'retriever', label: name, name, description, retrieve: retriever.retrieve }
  },
})
