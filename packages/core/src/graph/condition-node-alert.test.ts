import { describe, expect, it } from 'vitest'
import type { FlowNode } from '../types/node.js'
import { CONDITION_ALERTS } from './condition-alerts.js'
import { conditionNodeAlert, flowConditionAlert } from './condition-node-alert.js'
import { conditionAgentflow, flowOf, llmAgentflow, makeNode, seqCondition } from './test-fixtures.js'

function withInputs(node: FlowNode, inputs: Record<string, unknown>): FlowNode {
  return { ...node, data: { ...node.data, inputs: { ...node.data.inputs, ...inputs } } }
}

const v2Condition = makeNode(conditionAgentflow, 'conditionAgentflow_0')
const sequential = makeNode(seqCondition, 'seqCondition_0')

describe('conditionNodeAlert and flowConditionAlert', () => {
  it('asks for the variable of an agentflow V2 condition left as added', () => {
    expect(flowConditionAlert(flowOf([v2Condition]))).toBe(CONDITION_ALERTS.variable)
  })

  it('needs no output name for a complete V2 condition', () => {
    const complete = withInputs(v2Condition, {
      conditions: [{ type: 'string', value1: '{{ question }}', operation: 'equal' }],
    })
    expect(flowConditionAlert(flowOf([complete, makeNode(llmAgentflow, 'llmAgentflow_0')]))).toBeNull()
  })

  it('checks sequential rows, including their output name', () => {
    expect(flowConditionAlert(flowOf([withInputs(sequential, { conditions: [] })]))).toBe(CONDITION_ALERTS.noRules)
    const noOutput = withInputs(sequential, { conditions: JSON.stringify([{ variable: '$flow.state.x', operation: 'Is' }]) })
    expect(flowConditionAlert(flowOf([noOutput]))).toBe(CONDITION_ALERTS.output)
  })

  it('checks the code of a sequential condition when its code tab is open', () => {
    const code = (conditionFunction: string) =>
      conditionNodeAlert('seqCondition', { selectedConditionTab: 'conditionFunction', conditionFunction })
    expect(code('// return "Agent"')).toBe(CONDITION_ALERTS.returnStatement)
    expect(code('return "Agent"')).toBeNull()
  })

  it('leaves every other node alone', () => {
    expect(conditionNodeAlert('llmAgentflow', {})).toBeNull()
  })
})
