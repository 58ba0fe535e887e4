import type { FlowData } from '../types/node.js'
import { agentflowConditionRules, conditionCodeAlert, conditionRulesAlert } from './condition-alerts.js'
import { sequentialConditionRules } from './condition-anchors.js'

/**
 * SPEC §5: what a condition node still misses, or null when it is complete or not a condition. An
 * agentflow V2 condition numbers its outputs, so its rules need no output name; a sequential one is
 * checked by its table or, when its code tab is open, by its code.
 */
export function conditionNodeAlert(name: string, inputs: Record<string, unknown>): string | null {
  if (name === 'conditionAgentflow') {
    return conditionRulesAlert(agentflowConditionRules(inputs.conditions), { requireOutput: false })
  }
  if (name !== 'seqCondition' && name !== 'seqConditionAgent') return null
  if (inputs.selectedConditionTab === 'conditionFunction') {
    return conditionCodeAlert(typeof inputs.conditionFunction === 'string' ? inputs.conditionFunction : '')
  }
  return conditionRulesAlert(sequentialConditionRules(inputs.conditions))
}

/** The first condition alert among a flow's nodes; the canvas does not save a flow that has one. */
export function flowConditionAlert(flow: FlowData): string | null {
  for (const node of flow.nodes) {
    const alert = conditionNodeAlert(node.data.name, node.data.inputs)
    if (alert) return alert
  }
  return null
}
