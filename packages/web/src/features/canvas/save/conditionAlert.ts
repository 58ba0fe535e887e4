import {
  agentflowConditionRules,
  conditionCodeAlert,
  conditionRulesAlert,
  sequentialConditionRules,
  type FlowData,
  type FlowNodeData,
} from '@weft/core'

function alertOf({ name, inputs }: FlowNodeData): string | null {
  if (name === 'conditionAgentflow') {
    // V2 conditions number their outputs, so a rule needs no output name.
    return conditionRulesAlert(agentflowConditionRules(inputs.conditions), { requireOutput: false })
  }
  if (name !== 'seqCondition') return null
  if (inputs.selectedConditionTab === 'conditionFunction') {
    return conditionCodeAlert(typeof inputs.conditionFunction === 'string' ? inputs.conditionFunction : '')
  }
  return conditionRulesAlert(sequentialConditionRules(inputs.conditions))
}

/** The first SPEC §5 condition alert of the flow's condition nodes; a flow with one is not saved. */
export function conditionAlertOf(flow: FlowData): string | null {
  for (const node of flow.nodes) {
    const alert = alertOf(node.data)
    if (alert) return alert
  }
  return null
}
