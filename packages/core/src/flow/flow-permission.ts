import type { FlowType } from '../types/flow.js'

export type FlowAction = 'view' | 'create' | 'update' | 'delete'

/** The permission family of a flow type: chatflows and assistants, or both agentflow kinds. */
export function flowFamily(type: FlowType): 'chatflows' | 'agentflows' {
  return type === 'AGENTFLOW' || type === 'MULTIAGENT' ? 'agentflows' : 'chatflows'
}

/**
 * The one permission an action on a flow of this type needs. Chatflows and assistants belong to
 * `chatflows:*`, both agentflow kinds to `agentflows:*`; assistants are seen with assistants:view.
 */
export function flowPermission(type: FlowType, action: FlowAction): string {
  if (type === 'ASSISTANT' && action === 'view') return 'assistants:view'
  return `${flowFamily(type)}:${action}`
}
