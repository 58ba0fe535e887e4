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
    expect(prepareChatflow(flow).endingNodeIds).toEqual(['chain_0'])
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

  it('allows one ending node per path of an IfElse node, nested ones too', () => {
    const flow = testFlowData([
      { id: 'ifElse_0' },
      { id: 'chain_0', inputs: { x: ref('ifElse_0') }, via: { ifElse_0: 'returnTrue' } },
      { id: 'ifElse_1', inputs: { x: ref('ifElse_0') }, via: { ifElse_0: 'returnFalse' } },
      { id: 'chain_1', inputs: { x: ref('ifElse_1') }, via: { ifElse_1: 'returnTrue' } },
      { id: 'prompt_0', inputs: { x: ref('ifElse_1') }, via: { ifElse_1: 'returnFalse' } },
      { id: 'chain_2', inputs: { x: ref('prompt_0'), model: ref('model_0') } },
      { id: 'model_0' },
    ])
    expect(prepareChatflow(flow).endingNodeIds).toEqual(['chain_0', 'chain_1', 'chain_2'])
  })

  it('refuses ending nodes that one run could both reach, even beside an IfElse node', () => {
    const flow = testFlowData([
      { id: 'ifElse_0' },
      { id: 'chain_0', inputs: { x: ref('ifElse_0') }, via: { ifElse_0: 'returnTrue' } },
      { id: 'chain_1', inputs: { x: ref('ifElse_0') }, via: { ifElse_0: 'returnFalse' } },
      // Reached from both paths: it would run whichever the IfElse takes.
      { id: 'chain_2', inputs: { x: ref('chain_0'), y: ref('chain_1') } },
      { id: 'chain_3' },
    ])
    expect(() => prepareChatflow(flow)).toThrow(
      'This flow has more than one ending node: chain_2 (chain_2), chain_3 (chain_3)',
    )
  })

  it('builds a Get Variable node after every Set Variable node of its name, with no edge between them', () => {
    const flow = testFlowData([
      { id: 'chain_0', inputs: { x: ref('getVariable_0'), y: ref('getVariable_1') } },
      { id: 'getVariable_0', inputs: { variableName: 'city' } },
      { id: 'getVariable_1', inputs: { variableName: 'other' } },
      { id: 'setVariable_0', inputs: { input: [ref('text_0')], variableName: 'city' } },
      { id: 'setVariable_1', inputs: { input: [ref('text_1')], variableName: ' city ' } },
      { id: 'text_0' },
      { id: 'text_1' },
    ])
    expect(levelIds(flow)).toEqual([
      ['getVariable_1', 'text_0', 'text_1'],
      ['setVariable_0', 'setVariable_1'],
      ['getVariable_0'],
      ['chain_0'],
    ])
  })

  it('does not take a Set Variable node that leads nowhere for the ending node', () => {
    const flow = testFlowData([
      { id: 'setVariable_0', inputs: { input: [ref('text_0')], variableName: 'city' } },
      { id: 'text_0' },
      { id: 'chain_0' },
    ])
    expect(prepareChatflow(flow).endingNodeIds).toEqual(['chain_0'])
    expect(prepareChatflow(testFlowData([{ id: 'setVariable_0' }])).endingNodeIds).toEqual(['setVariable_0'])
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
