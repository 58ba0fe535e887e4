import { useQuery } from '@tanstack/react-query'
import type { Flow, FlowType } from '@weft/core'
import { useMemo } from 'react'
import { listFlows } from '../../api/chatflows'
import { useSession } from '../../store/session'
import { nodeTypesOf, type NodeType } from './nodeTypesOf'

/** A flow with its node types read once, so cards and searches never parse flowData again. */
export interface FlowItem {
  flow: Flow
  nodeTypes: NodeType[]
}

/** Every cached flow list starts with this key; mutations invalidate it. */
export const FLOWS_KEY = 'flows'

const newestFirst = (a: Flow, b: Flow) => b.updatedDate.localeCompare(a.updatedDate)

/** The flows of the given types in the active workspace, most recently changed first. */
export function useFlowList(types: readonly FlowType[]) {
  const workspaceId = useSession((state) => state.user?.activeWorkspaceId)
  const query = useQuery({
    queryKey: [FLOWS_KEY, workspaceId, types.join(',')],
    queryFn: () => listFlows(types),
  })
  const items = useMemo<FlowItem[]>(
    () => [...(query.data ?? [])].sort(newestFirst).map((flow) => ({ flow, nodeTypes: nodeTypesOf(flow.flowData) })),
    [query.data],
  )
  return { items, isPending: query.isPending, error: query.error, refetch: query.refetch }
}
