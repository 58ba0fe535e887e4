import { describe, expect, it } from 'vitest'
import { createFlowNode, flowNodeType } from './create-flow-node.js'
import { chatOpenAI, iterationAgentflow, llmAgentflow, seqCondition, stickyNote } from './test-fixtures.js'

describe('flowNodeType', () => {
  it('picks the component that draws the node', () => {
    expect(flowNodeType(chatOpenAI)).toBe('customNode')
    expect(flowNodeType(seqCondition)).toBe('customNode')
    expect(flowNodeType(stickyNote)).toBe('stickyNote')
    expect(flowNodeType({ ...stickyNote, canvases: ['agentflowV2'] })).toBe('stickyNote')
    expect(flowNodeType(llmAgentflow)).toBe('agentFlow')
    expect(flowNodeType(iterationAgentflow)).toBe('iteration')
  })
})

describe('createFlowNode', () => {
  it('places a node with its data at the drop position', () => {
    const node = createFlowNode(chatOpenAI, 'chatOpenAI_2', { x: 10, y: 20 })
    expect(node).toMatchObject({ id: 'chatOpenAI_2', type: 'customNode', position: { x: 10, y: 20 } })
    expect(node.data.id).toBe('chatOpenAI_2')
  })
})
