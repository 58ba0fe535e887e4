import { agentflowConditionRules, conditionCodeAlert, conditionRulesAlert, sequentialConditionRules } from '@weft/core'
import { toText } from './inputs/values'

/**
 * What a condition node still misses (SPEC §5), for the inline alert in its editor; null when
 * complete or for any other node. The canvas runs the same checks before it saves.
 */
export function conditionAlertFor(nodeName: string, inputs: Record<string, unknown>): string | null {
  if (nodeName === 'conditionAgentflow')
    return conditionRulesAlert(agentflowConditionRules(inputs.conditions), { requireOutput: false })
  if (nodeName !== 'seqCondition') return null
  if (inputs.selectedConditionTab === 'conditionFunction') return conditionCodeAlert(toText(inputs.conditionFunction))
  return conditionRulesAlert(sequentialConditionRules(inputs.conditions))
}
