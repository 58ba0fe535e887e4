import { useQuery } from '@tanstack/react-query'
import type { NodeDescriptor } from '@weft/core'
import { listEmbeddingComponents, listVectorStoreComponents } from '../../api/documentStores'
import { vectorComponentsKey } from './storeKeys'

const EMPTY: NodeDescriptor[] = []
const listOf = (data: unknown) => (Array.isArray(data) ? (data as NodeDescriptor[]) : EMPTY)

/** The embedding and vector store nodes an upsert can use, and how to name a saved choice. */
export function useVectorComponents() {
  const embeddings = useQuery({
    queryKey: vectorComponentsKey('embeddings'),
    queryFn: listEmbeddingComponents,
    staleTime: Infinity,
  })
  const vectorStores = useQuery({
    queryKey: vectorComponentsKey('vectorstore'),
    queryFn: listVectorStoreComponents,
    staleTime: Infinity,
  })
  const embeddingNodes = listOf(embeddings.data)
  const vectorStoreNodes = listOf(vectorStores.data)
  return {
    embeddings: embeddingNodes,
    vectorStores: vectorStoreNodes,
    isPending: embeddings.isPending || vectorStores.isPending,
    error: embeddings.error ?? vectorStores.error,
    refetch: () => Promise.all([embeddings.refetch(), vectorStores.refetch()]),
    /** A node's label by its name; the name itself while the lists load or when it is gone. */
    labelOf: (name: string) =>
      [...embeddingNodes, ...vectorStoreNodes].find((node) => node.name === name)?.label ?? name,
  }
}
