import { useQuery } from '@tanstack/react-query'
import type { NodeDescriptor } from '@weft/core'
import { useMemo } from 'react'
import { listCatalogue } from '../../api/documentStores'

const LOADERS = 'Document Loaders'
const SPLITTERS = 'Text Splitters'

/**
 * The catalogue's document loaders and text splitters. The key is the canvas's (['nodes']), so the
 * catalogue loads once for both; it changes only with a server upgrade.
 */
export function useCatalogueNodes() {
  const query = useQuery({ queryKey: ['nodes'], queryFn: listCatalogue, staleTime: Infinity })
  const data = query.data
  const groups = useMemo(() => {
    const nodes: NodeDescriptor[] = Array.isArray(data) ? data : []
    return {
      loaders: nodes.filter((node) => node.category === LOADERS),
      splitters: nodes.filter((node) => node.category === SPLITTERS),
    }
  }, [data])
  return { ...groups, isPending: query.isPending, error: query.error, refetch: query.refetch }
}
