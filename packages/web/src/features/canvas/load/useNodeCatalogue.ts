import { useQuery } from '@tanstack/react-query'
import { listNodes } from '../../../api/nodes'

/** The node catalogue; it changes only with a server upgrade, so one load serves every canvas. */
export const useNodeCatalogue = () => useQuery({ queryKey: ['nodes'], queryFn: listNodes, staleTime: Infinity })
