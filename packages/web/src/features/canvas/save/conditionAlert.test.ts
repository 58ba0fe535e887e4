import { CONDITION_ALERTS, createFlowNode, type FlowData, type FlowNode } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { condition, llm } from '../testing/descriptors'
import { conditionAlertOf } from './conditionAlert'

const flowOf = (...nodes: FlowNode[]): FlowData => ({ nodes, edges: [] })

function withInputs(node: FlowNode, inputs: Record<string, unknown>): FlowNode {
  return { ...node, data: { ...node.data, inputs: { ...node.data.inputs, ...inputs } } }
}

const v2Condition = createFlowNode(condition, 'conditionAgentflow_0', { x: 0, y: 0 })
const seqCondition: FlowNode = {
  ...v2Condition,
  id: 'seqCondition_0',
  data: { ...v2Condition.data, id: 'seqCondition_0', name: 'seqCondition', inputs: {} },
}

describe('condition alert on save', () => {
  it('asks for the variable of an agentflow V2 condition left as added', () => {
    expect(conditionAlertOf(flowOf(v2Condition))).toBe(CONDITION_ALERTS.variable)
  })

  it('needs no output name for a complete V2 condition', () => {
    const complete = withInputs(v2Condition, { conditions: [{ type: 'string', value1: '{{ question }}', operation: 'equal' }] })
    expect(conditionAlertOf(flowOf(complete, createFlowNode(llm, 'llmAgentflow_0', { x: 0, y: 0 })))).toBeNull()
  })

  it('checks sequential rows, including their output name', () => {
    expect(conditionAlertOf(flowOf(withInputs(seqCondition, { conditions: [] })))).toBe(CONDITION_ALERTS.noRules)
    const noOutput = withInputs(seqCondition, { conditions: JSON.stringify([{ variable: '$flow.state.x', operation: 'Is' }]) })
    expect(conditionAlertOf(flowOf(noOutput))).toBe(CONDITION_ALERTS.output)
  })

  it('checks the code of a sequential condition when its code tab is open', () => {
    const code = (conditionFunction: string) =>
      flowOf(withInputs(seqCondition, { selectedConditionTab: 'conditionFunction', conditionFunction }))
    expect(conditionAlertOf(code('// return "Agent"'))).toBe(CONDITION_ALERTS.returnStatement)
    expect(conditionAlertOf(code('return "Agent"'))).toBeNull()
  })
})
