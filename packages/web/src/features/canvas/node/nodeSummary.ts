import { isInputDisplayed, type FlowNodeData } from '@weft/core'
import { optionLabel } from './inputs/values'

/**
 * One line under an agentflow node's label: its first chosen option (the model of an LLM step, the
 * method of an HTTP call, the input type of Start), so a flow reads without opening each node.
 */
export function nodeSummary(
  data: Pick<FlowNodeData, 'inputParams' | 'inputs'>,
  nodeLabel: (name: string) => string | undefined = () => undefined,
): string {
  for (const param of data.inputParams) {
    if (param.type !== 'asyncOptions' && param.type !== 'options') continue
    const value = data.inputs[param.name]
    if (typeof value !== 'string' || value === '' || !isInputDisplayed(param, data.inputs)) continue
    return param.type === 'options' ? optionLabel(param.options, value) : (nodeLabel(value) ?? value)
  }
  return ''
}
