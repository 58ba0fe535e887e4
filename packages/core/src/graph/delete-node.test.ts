import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { deleteNode } from './delete-node.js'
import { referencedHeads } from './node-references.js'
import { addEdge } from './add-edge.js'
import {
  calculator,
  connectionBetween,
  deepFreeze,
  flowOf,
  iterationAgentflow,
  llmAgentflow,
  makeNode,
  promptTemplate,
  textNode,
} from './test-fixtures.js'
import { chatflowExample, randomChatflow } from './test-flows.js'

describe('deleteNode (SPEC §4)', () => {
  it('removes the node, its edges and the references to it in other inputs', () => {
    const flow = deepFreeze(chatflowExample())
    const result = deleteNode(flow, 'chatOpenAI_0')
    expect(result.nodes.map((node) => node.id)).toEqual(['promptTemplate_0', 'llmChain_0'])
    expect(result.edges.map((edge) => edge.source)).toEqual(['promptTemplate_0'])
    const chain = result.nodes.find((node) => node.id === 'llmChain_0')!
    expect(chain.data.inputs).toMatchObject({ model: '', prompt: '{{promptTemplate_0.data.instance}}' })
  })

  it('keeps untouched nodes as the same objects', () => {
    const flow = chatflowExample()
    const result = deleteNode(flow, 'chatOpenAI_0')
    expect(result.nodes[0]).toBe(flow.nodes[1])
  })

  it('removes the child nodes of a container, at any depth, and their edges', () => {
    const child = { ...makeNode(llmAgentflow, 'llmAgentflow_0'), parentNode: 'iterationAgentflow_0' }
    const grandchild = { ...makeNode(llmAgentflow, 'llmAgentflow_1'), parentNode: 'llmAgentflow_0' }
    const outside = makeNode(llmAgentflow, 'llmAgentflow_2')
    const edge = {
      id: 'e',
      source: 'llmAgentflow_1',
      sourceHandle: 'llmAgentflow_1-output-llmAgentflow',
      target: 'llmAgentflow_2',
      targetHandle: 'llmAgentflow_2',
    }
    const withRef = {
      ...outside,
      data: { ...outside.data, inputs: { llmMessages: [{ role: 'user', content: 'Use {{ llmAgentflow_1 }} now' }] } },
    }
    const flow = deepFreeze(
      flowOf([makeNode(iterationAgentflow, 'iterationAgentflow_0'), child, grandchild, withRef], [edge]),
    )
    const result = deleteNode(flow, 'iterationAgentflow_0')
    expect(result.nodes.map((node) => node.id)).toEqual(['llmAgentflow_2'])
    expect(result.edges).toEqual([])
    expect(result.nodes[0]!.data.inputs.llmMessages).toEqual([{ role: 'user', content: 'Use  now' }])
  })

  it('takes a deleted node out of variable params: its JSON key and its text', () => {
    let flow = flowOf([
      makeNode(calculator, 'calculator_0'),
      makeNode(calculator, 'calculator_1'),
      makeNode(promptTemplate, 'promptTemplate_0'),
      makeNode(textNode, 'textNode_0'),
    ])
    for (const target of ['promptTemplate_0', 'textNode_0']) {
      const input = target === 'textNode_0' ? 'text' : 'promptValues'
      for (const source of ['calculator_0', 'calculator_1']) {
        flow = addEdge(flow, connectionBetween(flow, source, target, input))
      }
    }
    const result = deleteNode(deepFreeze(flow), 'calculator_0')
    expect(JSON.parse(result.nodes[1]!.data.inputs.promptValues as string)).toEqual({
      calculator_1: '{{calculator_1.data.instance}}',
    })
    expect(result.nodes[2]!.data.inputs.text).toBe('{{calculator_1.data.instance}}')
  })

  it('filters a list input', () => {
    const agentInputs = { tools: ['{{calculator_0.data.instance}}', '{{calculator_1.data.instance}}'] }
    const agent = makeNode(calculator, 'agent_0')
    const flow = flowOf([
      makeNode(calculator, 'calculator_0'),
      makeNode(calculator, 'calculator_1'),
      { ...agent, data: { ...agent.data, inputs: agentInputs } },
    ])
    expect(deleteNode(flow, 'calculator_0').nodes[1]!.data.inputs.tools).toEqual(['{{calculator_1.data.instance}}'])
  })

  it('property: no node, edge or reference to a deleted node remains, and the input is untouched', () => {
    fc.assert(
      fc.property(randomChatflow(), fc.nat(), (flow, pick) => {
        const frozen = deepFreeze(flow)
        const nodeId = frozen.nodes[pick % frozen.nodes.length]!.id
        const result = deleteNode(frozen, nodeId)
        expect(result.nodes.some((node) => node.id === nodeId)).toBe(false)
        expect(result.edges.some((edge) => edge.source === nodeId || edge.target === nodeId)).toBe(false)
        for (const node of result.nodes) expect(referencedHeads(node.data.inputs)).not.toContain(nodeId)
        expect(result.nodes).toHaveLength(frozen.nodes.length - 1)
      }),
    )
  })
})
