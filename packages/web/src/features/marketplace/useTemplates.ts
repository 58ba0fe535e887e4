import { useQuery } from '@tanstack/react-query'
import type { FlowTemplate } from '@weft/core'
import { useMemo } from 'react'
import { listCustomTemplates, listTemplates } from '../../api/marketplace'
import { useSession } from '../../store/session'
import { nodeTypesOf, type NodeType } from '../flows/nodeTypesOf'

export interface TemplateItem {
  template: FlowTemplate
  nodeTypes: NodeType[]
}

export type TemplateSource = 'builtIn' | 'custom'

/** The query key of a workspace's list of templates: saving or deleting one refreshes it. */
export const templatesKey = (workspaceId: string | undefined, source: TemplateSource) =>
  ['marketplace', workspaceId, source] as const

/**
 * The built-in templates (kept 5 minutes: they change only with the app) or the workspace's own,
 * each with the node types its flow uses.
 */
export function useTemplates(source: TemplateSource = 'builtIn', enabled = true) {
  const workspaceId = useSession((state) => state.user?.activeWorkspaceId)
  const query = useQuery<FlowTemplate[]>({
    queryKey: templatesKey(workspaceId, source),
    queryFn: source === 'builtIn' ? listTemplates : listCustomTemplates,
    staleTime: source === 'builtIn' ? 5 * 60_000 : 0,
    enabled,
  })
  const items = useMemo<TemplateItem[]>(
    () =>
      (query.data ?? []).map((template) => ({
        template,
        nodeTypes: template.type === 'Tool' ? [] : nodeTypesOf(template.flowData),
      })),
    [query.data],
  )
  return { items, isPending: query.isPending, error: query.error, refetch: query.refetch }
}
