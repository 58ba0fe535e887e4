import { useQuery } from '@tanstack/react-query'
import type { FlowTemplate } from '@weft/core'
import { useMemo } from 'react'
import { listTemplates } from '../../api/marketplace'
import { useSession } from '../../store/session'
import { nodeTypesOf, type NodeType } from '../flows/nodeTypesOf'

export interface TemplateItem {
  template: FlowTemplate
  nodeTypes: NodeType[]
}

/** The marketplace templates, each with the node types its flow uses; they rarely change, so kept 5 minutes. */
export function useTemplates() {
  // Keyed by workspace: the templates a team saves itself will join this list.
  const workspaceId = useSession((state) => state.user?.activeWorkspaceId)
  const query = useQuery({
    queryKey: ['marketplace', workspaceId, 'templates'],
    queryFn: listTemplates,
    staleTime: 5 * 60_000,
  })
  const items = useMemo<TemplateItem[]>(
    () => (query.data ?? []).map((template) => ({ template, nodeTypes: nodeTypesOf(template.flowData) })),
    [query.data],
  )
  return { items, isPending: query.isPending, error: query.error, refetch: query.refetch }
}
