import type { FlowType, TemplateType } from '../types/flow.js'

const TEMPLATE_TYPE_OF_FLOW: Record<FlowType, Exclude<TemplateType, 'Tool'>> = {
  CHATFLOW: 'Chatflow',
  // An assistant's flow is a chatflow built for it; as a template it starts a chatflow.
  ASSISTANT: 'Chatflow',
  MULTIAGENT: 'Agentflow',
  AGENTFLOW: 'AgentflowV2',
}

/** The template type a flow is saved as (Flowise's names). */
export const templateTypeOfFlow = (type: FlowType): Exclude<TemplateType, 'Tool'> => TEMPLATE_TYPE_OF_FLOW[type]

const FLOW_TYPE_OF_TEMPLATE: Record<Exclude<TemplateType, 'Tool'>, FlowType> = {
  Chatflow: 'CHATFLOW',
  Agentflow: 'MULTIAGENT',
  AgentflowV2: 'AGENTFLOW',
}

/** The flow type "Use template" creates; a Tool template creates a tool instead, so it has none. */
export const flowTypeOfTemplate = (type: TemplateType): FlowType | undefined =>
  type === 'Tool' ? undefined : FLOW_TYPE_OF_TEMPLATE[type]

/**
 * The node categories a flow uses, once each in first-seen order (Flowise lists them on a template
 * card). A flow text that does not parse has none.
 */
export function templateCategories(flowData: string): string[] {
  let nodes: unknown
  try {
    nodes = (JSON.parse(flowData) as { nodes?: unknown }).nodes
  } catch {
    return []
  }
  if (!Array.isArray(nodes)) return []
  const categories = nodes
    .map((node) => (node as { data?: { category?: unknown } } | null)?.data?.category)
    .filter((category): category is string => typeof category === 'string' && category !== '')
  return [...new Set(categories)]
}
