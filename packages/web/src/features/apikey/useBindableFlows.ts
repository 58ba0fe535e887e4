import { useQuery } from '@tanstack/react-query'
import { flowFamily, type Flow, type FlowType } from '@weft/core'
import { useMemo } from 'react'
import { listFlows } from '../../api/chatflows'
import { useSession } from '../../store/session'
import { useCan } from '../flows/useCan'
import { FLOWS_KEY } from '../flows/useFlowList'

const byName = (a: Flow, b: Flow) => a.name.localeCompare(b.name)

/**
 * The workspace's chatflows and agentflows a key can be bound to: those of the types the user may
 * see (the list answers 403 for others), by name, and whether the user may change each one's key.
 */
export function useBindableFlows() {
  const workspaceId = useSession((state) => state.user?.activeWorkspaceId)
  const canView = { chatflows: useCan('chatflows:view'), agentflows: useCan('agentflows:view') }
  const canUpdate = { chatflows: useCan('chatflows:update'), agentflows: useCan('agentflows:update') }
  const types: FlowType[] = [
    ...(canView.chatflows ? (['CHATFLOW'] as const) : []),
    ...(canView.agentflows ? (['AGENTFLOW', 'MULTIAGENT'] as const) : []),
  ]
  const query = useQuery({
    queryKey: [FLOWS_KEY, workspaceId, types.join(',')],
    queryFn: () => listFlows(types),
    enabled: types.length > 0,
  })
  const flows = useMemo(() => [...(query.data ?? [])].sort(byName), [query.data])
  return {
    /** False when the user may see no flow type, so there is nothing to choose from. */
    canView: types.length > 0,
    flows,
    isPending: types.length > 0 && query.isPending,
    error: query.error,
    refetch: query.refetch,
    mayChange: (flow: Flow) => canUpdate[flowFamily(flow.type)],
  }
}
