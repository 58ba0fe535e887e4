import { useQuery } from '@tanstack/react-query'
import type { Flow } from '@weft/core'
import { useMemo } from 'react'
import { listExecutionFlows } from '../../api/executions'
import { useSession } from '../../store/session'
import { FLOWS_KEY } from '../flows/useFlowList'

const byName = (a: Flow, b: Flow) => a.name.localeCompare(b.name)

/** The workspace's agentflows by name, for the flow filter and for naming rows the server did not name. */
export function useExecutionFlows() {
  const workspaceId = useSession((state) => state.user?.activeWorkspaceId)
  // Under the flows key, so creating, renaming or deleting a flow refreshes the choices.
  const query = useQuery({
    queryKey: [FLOWS_KEY, workspaceId, 'executionFilter'],
    queryFn: listExecutionFlows,
    retry: false,
  })
  const flows = useMemo(() => [...(query.data ?? [])].sort(byName), [query.data])
  const names = useMemo(() => new Map(flows.map((flow) => [flow.id, flow.name])), [flows])
  return { flows, names, isPending: query.isPending }
}
