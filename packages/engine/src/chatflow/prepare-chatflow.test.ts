import { describe, expect, it } from 'vitest'
import { testFlowData } from '../testing/test-flow.js'
import { prepareChatflow } from './prepare-chatflow.js'

const ref = (id: string) => `{{${id}.data.instance}}`
const levelIds = (flowData: Parameters<typeof prepareChatflow>[0]) =>
  prepareChatflow(flowData).levels.map((level) => level.map((entry) => entry.node.id))

describe('prepareChatflow', () => {
  it('orders nodes after the nodes they depend on, independent ones side by side in flow order', () => {
    const flow = testFlowData([
      { id: 'chain_0', inputs: { model: ref('model_0'), prompt: ref('prompt_0') } },
      { id: 'prompt_0', inputs: { template: 'Hi {question}', values: ref('text_0') } },
      { id: 'model_0' },
      { id: 'text_0' },
    ])
    expect(levelIds(flow)).toEqual([['model_0', 'text_0'], ['prompt_0'], ['chain_0']])
    expect(prepareChatflow(flow).endingNodeId).toBe('chain_0')
  })

  it('records which inputs reference which nodes, list anchors included', () => {
    const flow = testFlowData([
      { id: 'agent_0', inputs: { tools: [ref('tool_0'), ref('tool_1')], model: ref('model_0'), name: 'Helper' } },
      { id: 'tool_0' },
      { id: 'tool_1' },
      { id: 'model_0' },
    ])
    const agent = prepareChatflow(flow).levels[1]![0]!
    expect(agent.references).toEqual({ tools: ['tool_0', 'tool_1'], model: ['model_0'] })
    expect(agent.dependsOn).toEqual(['tool_0', 'tool_1', 'model_0'])
  })

  it('follows an edge even when no input references its source', () => {
    const flow = testFlowData([{ id: 'a_0' }, { id: 'b_0' }], [['a_0', 'b_0']])
    expect(levelIds(flow)).toEqual([['a_0'], ['b_0']])
  })

  it('ignores sticky notes: they are neither ending nodes nor dependencies', () => {
    const flow = testFlowData([
      { id: 'stickyNote_0', type: 'stickyNote', inputs: { note: 'Explains the flow' } },
      { id: 'chain_0', inputs: { model: ref('model_0') } },
      { id: 'model_0' },
    ])
    expect(levelIds(flow)).toEqual([['model_0'], ['chain_0']])
  })

  it('refuses a flow with no ending node', () => {
    expect(() => prepareChatflow(testFlowData([]))).toThrow('This flow has no ending node')
  })

  it('refuses a flow with several ending nodes and names them', () => {
    const flow = testFlowData([
      { id: 'chain_0', label: 'LLM Chain', inputs: { model: ref('model_0') } },
      { id: 'chain_1', label: 'Conversation Chain', inputs: { model: ref('model_0') } },
      { id: 'model_0' },
    ])
    expect(() => prepareChatflow(flow)).toThrow(
      'This flow has more than one ending node: LLM Chain (chain_0), Conversation Chain (chain_1)',
    )
  })

  it('refuses a cycle and names the nodes in it', () => {
    const flow = testFlowData([
      { id: 'a_0', inputs: { x: ref('b_0') } },
      { id: 'b_0', inputs: { x: ref('a_0') } },
      { id: 'end_0', inputs: { x: ref('a_0') } },
    ])
    expect(() => prepareChatflow(flow)).toThrow('This flow has a cycle between: a_0 (a_0), b_0 (b_0)')
  })

  it('says when the flow data cannot be read', () => {
    expect(() => prepareChatflow('{not json')).toThrow("This flow's data cannot be read")
    expect(() => prepareChatflow('{"nodes": []}')).toThrow('it needs a list of nodes and a list of edges')
  })
})
