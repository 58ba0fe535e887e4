import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { addEdge } from './add-edge.js'
import { checkConnection } from './check-connection.js'
import {
  calculator,
  chatOpenAI,
  connectionBetween,
  deepFreeze,
  flowOf,
  llmAgentflow,
  llmChain,
  makeNode,
  promptTemplate,
  startAgentflow,
  textNode,
  toolAgent,
} from './test-fixtures.js'
import { pickConnection, randomFlow } from './test-flows.js'

describe('addEdge', () => {
  it('adds a chatflow edge and writes the source instance into the input', () => {
    const flow = deepFreeze(flowOf([makeNode(chatOpenAI, 'chatOpenAI_0'), makeNode(llmChain, 'llmChain_0')]))
    const connection = connectionBetween(flow, 'chatOpenAI_0', 'llmChain_0', 'model')
    const result = addEdge(flow, connection)
    expect(result.edges).toEqual([
      {
        id: `chatOpenAI_0-${connection.sourceHandle}-llmChain_0-${connection.targetHandle}`,
        ...connection,
        type: 'buttonedge',
      },
    ])
    expect(result.nodes[1]!.data.inputs.model).toBe('{{chatOpenAI_0.data.instance}}')
  })

  it('a list input collects its connections once each', () => {
    const flow = flowOf([
      makeNode(calculator, 'calculator_0'),
      makeNode(calculator, 'calculator_1'),
      makeNode(toolAgent, 'toolAgent_0'),
    ])
    const first = connectionBetween(flow, 'calculator_0', 'toolAgent_0', 'tools')
    const second = connectionBetween(flow, 'calculator_1', 'toolAgent_0', 'tools')
    const result = addEdge(addEdge(addEdge(flow, first), second), first)
    expect(result.nodes[2]!.data.inputs.tools).toEqual([
      '{{calculator_0.data.instance}}',
      '{{calculator_1.data.instance}}',
    ])
    expect(result.edges).toHaveLength(2)
  })

  it('an agentflow V2 edge targets the node, carries both colours and leaves inputs alone', () => {
    const flow = deepFreeze(
      flowOf([makeNode(startAgentflow, 'startAgentflow_0'), makeNode(llmAgentflow, 'llmAgentflow_0')]),
    )
    const result = addEdge(flow, connectionBetween(flow, 'startAgentflow_0', 'llmAgentflow_0'))
    expect(result.edges[0]).toMatchObject({
      type: 'agentFlow',
      targetHandle: 'llmAgentflow_0',
      data: { sourceColor: startAgentflow.color, targetColor: llmAgentflow.color },
    })
    expect(result.nodes).toEqual(flow.nodes)
  })

  it('writes the reference into a variable param: a key of Format Prompt Values, the end of a text', () => {
    let flow = flowOf([
      makeNode(llmChain, 'llmChain_0'),
      makeNode(calculator, 'calculator_0'),
      makeNode(promptTemplate, 'promptTemplate_0'),
      makeNode(textNode, 'textNode_0'),
    ])
    const template = flow.nodes[2]!
    flow.nodes[2] = {
      ...template,
      data: { ...template.data, inputs: { template: 'Say {forecast}', promptValues: '' } },
    }
    flow = deepFreeze(flow)
    let result = addEdge(flow, connectionBetween(flow, 'llmChain_0', 'promptTemplate_0', 'promptValues'))
    result = addEdge(result, connectionBetween(result, 'calculator_0', 'promptTemplate_0', 'promptValues'))
    result = addEdge(result, connectionBetween(result, 'llmChain_0', 'textNode_0', 'text'))
    result = addEdge(result, connectionBetween(result, 'calculator_0', 'textNode_0', 'text'))
    expect(JSON.parse(result.nodes[2]!.data.inputs.promptValues as string)).toEqual({
      forecast: '{{llmChain_0.data.instance}}',
      calculator_0: '{{calculator_0.data.instance}}',
    })
    expect(result.nodes[3]!.data.inputs.text).toBe('{{llmChain_0.data.instance}} {{calculator_0.data.instance}}')
    expect(result.edges.map((edge) => edge.type)).toEqual(['buttonedge', 'buttonedge', 'buttonedge', 'buttonedge'])
  })

  it('property: adds exactly one edge for an allowed connection, never mutating its input', () => {
    fc.assert(
      fc.property(randomFlow(), fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), (flow, picks) => {
        const connection = pickConnection(flow, picks)
        if (!connection || checkConnection(connection, flow.nodes, flow.edges) !== null) return
        const result = addEdge(deepFreeze(flow), connection)
        expect(result.edges).toHaveLength(flow.edges.length + 1)
      }),
    )
  })
})
