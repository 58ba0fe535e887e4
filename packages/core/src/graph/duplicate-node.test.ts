import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { DUPLICATE_OFFSET, duplicateNode } from './duplicate-node.js'
import { referencedHeads } from './node-references.js'
import { deepFreeze, flowOf, llmAgentflow, makeNode } from './test-fixtures.js'
import { chatflowExample, randomFlow } from './test-flows.js'

describe('duplicateNode (SPEC §4)', () => {
  it('adds a copy with a new id, a numbered label and its handles renamed', () => {
    const flow = deepFreeze(chatflowExample())
    const { flow: result, nodeId } = duplicateNode(flow, 'llmChain_0')
    expect(nodeId).toBe('llmChain_1')
    const copy = result.nodes.at(-1)!
    expect(copy.id).toBe('llmChain_1')
    expect(copy.data.id).toBe('llmChain_1')
    expect(copy.data.label).toBe('llmChain (1)')
    expect(copy.data.inputAnchors.map((anchor) => anchor.id)).toEqual([
      'llmChain_1-input-model-BaseLanguageModel',
      'llmChain_1-input-prompt-BasePromptTemplate',
    ])
    expect(copy.data.outputAnchors[0]!.options!.map((option) => option.id)).toEqual([
      'llmChain_1-output-llmChain-LLMChain|BaseChain',
      'llmChain_1-output-outputPrediction-string|json',
    ])
  })

  it('clears its links to other nodes and adds no edge', () => {
    const flow = chatflowExample()
    const { flow: result } = duplicateNode(flow, 'llmChain_0')
    expect(result.nodes.at(-1)!.data.inputs).toEqual({ model: '', prompt: '', chainName: '' })
    expect(result.edges).toEqual(flow.edges)
  })

  it('removes references to other steps from agentflow V2 text', () => {
    const node = makeNode(llmAgentflow, 'llmAgentflow_1')
    const messages = [{ role: 'user', content: 'Answer {{ llmAgentflow_0 }} about {{ $flow.state.topic }}' }]
    const flow = flowOf([
      makeNode(llmAgentflow, 'llmAgentflow_0'),
      { ...node, data: { ...node.data, inputs: { llmMessages: messages } } },
    ])
    const copy = duplicateNode(flow, 'llmAgentflow_1').flow.nodes.at(-1)!
    expect(copy.data.inputs.llmMessages).toEqual([{ role: 'user', content: 'Answer  about {{ $flow.state.topic }}' }])
  })

  it('places it 50 px right of the original, not selected, and keeps the credential', () => {
    const flow = chatflowExample()
    const original = flow.nodes[0]!
    const chosen = {
      ...original,
      selected: true,
      positionAbsolute: { x: 5, y: 6 },
      data: { ...original.data, credential: 'cred-1' },
    }
    const { flow: result } = duplicateNode({ ...flow, nodes: [chosen, ...flow.nodes.slice(1)] }, 'chatOpenAI_0')
    const copy = result.nodes.at(-1)!
    expect(copy.position).toEqual({
      x: original.position.x + original.width! + DUPLICATE_OFFSET,
      y: original.position.y,
    })
    expect(copy.positionAbsolute).toEqual({ x: 5 + original.width! + 50, y: 6 })
    expect(copy.selected).toBe(false)
    expect(copy.data.credential).toBe('cred-1')
    expect(copy.data.inputs.modelName).toBe('gpt-4o-mini')
  })

  it('an unknown node changes nothing', () => {
    const flow = chatflowExample()
    expect(duplicateNode(flow, 'gone_0')).toEqual({ flow, nodeId: '' })
  })

  it('property: the copy has a fresh id, only its own handle ids, and no reference to another node', () => {
    fc.assert(
      fc.property(randomFlow(), fc.nat(), (flow, pick) => {
        const frozen = deepFreeze(flow)
        const original = frozen.nodes[pick % frozen.nodes.length]!
        const { flow: result, nodeId } = duplicateNode(frozen, original.id)
        expect(frozen.nodes.map((node) => node.id)).not.toContain(nodeId)
        expect(result.nodes).toHaveLength(frozen.nodes.length + 1)
        const copy = result.nodes.at(-1)!
        const handleIds = [...copy.data.inputParams, ...copy.data.inputAnchors, ...copy.data.outputAnchors]
          .map((item) => item.id)
          .filter((id) => id !== undefined)
        for (const id of handleIds) expect(id.startsWith(`${nodeId}-`)).toBe(true)
        const others = new Set(frozen.nodes.map((node) => node.id))
        for (const head of referencedHeads(copy.data.inputs)) expect(others.has(head)).toBe(false)
      }),
    )
  })
})
