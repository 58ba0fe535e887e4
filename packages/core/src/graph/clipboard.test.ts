import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { checkConnection } from './check-connection.js'
import { copyNodes, pasteNodes } from './clipboard.js'
import { referencedHeads } from './node-references.js'
import { deepFreeze, flowOf, iterationAgentflow, llmAgentflow, makeNode } from './test-fixtures.js'
import { chatflowExample, randomFlow } from './test-flows.js'

function withCredential(flow: ReturnType<typeof chatflowExample>) {
  const [model, ...rest] = flow.nodes
  const inputs = { ...model!.data.inputs, credential: 'cred-1' }
  return { ...flow, nodes: [{ ...model!, data: { ...model!.data, credential: 'cred-1', inputs } }, ...rest] }
}

describe('copyNodes', () => {
  it('copies the chosen nodes and only the edges between them, without credential ids', () => {
    const flow = deepFreeze(withCredential(chatflowExample()))
    const clipboard = copyNodes(flow, ['chatOpenAI_0', 'llmChain_0'])
    expect(clipboard.nodes.map((node) => node.id)).toEqual(['chatOpenAI_0', 'llmChain_0'])
    expect(clipboard.edges.map((edge) => edge.source)).toEqual(['chatOpenAI_0'])
    expect(JSON.stringify(clipboard)).not.toContain('cred-1')
  })

  it('takes the nodes inside a chosen container', () => {
    const child = { ...makeNode(llmAgentflow, 'llmAgentflow_0'), parentNode: 'iterationAgentflow_0' }
    const flow = flowOf([
      makeNode(iterationAgentflow, 'iterationAgentflow_0'),
      child,
      makeNode(llmAgentflow, 'llmAgentflow_1'),
    ])
    expect(copyNodes(flow, ['iterationAgentflow_0']).nodes.map((node) => node.id)).toEqual([
      'iterationAgentflow_0',
      'llmAgentflow_0',
    ])
  })
})

describe('pasteNodes', () => {
  it('pastes into the same flow under fresh ids, with edges and inputs following', () => {
    const flow = deepFreeze(chatflowExample())
    const clipboard = copyNodes(flow, ['chatOpenAI_0', 'llmChain_0'])
    const { flow: result, nodeIds } = pasteNodes(flow, clipboard)
    expect(nodeIds).toEqual(['chatOpenAI_1', 'llmChain_1'])
    const chain = result.nodes.find((node) => node.id === 'llmChain_1')!
    expect(chain.data.inputs).toMatchObject({ model: '{{chatOpenAI_1.data.instance}}', prompt: '' })
    const edge = result.edges.at(-1)!
    expect(edge).toMatchObject({
      source: 'chatOpenAI_1',
      target: 'llmChain_1',
      sourceHandle: 'chatOpenAI_1-output-chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel',
      targetHandle: 'llmChain_1-input-model-BaseLanguageModel',
    })
    expect(edge.id).toBe(`chatOpenAI_1-${edge.sourceHandle}-llmChain_1-${edge.targetHandle}`)
    expect(result.edges).toHaveLength(flow.edges.length + 1)
  })

  it('offsets pasted nodes, selects them and deselects the others', () => {
    const flow = chatflowExample()
    const selected = { ...flow, nodes: flow.nodes.map((node) => ({ ...node, selected: true })) }
    const { flow: result } = pasteNodes(selected, copyNodes(flow, ['llmChain_0']), { x: 10, y: 20 })
    const pasted = result.nodes.at(-1)!
    expect(pasted.position).toEqual({ x: flow.nodes[2]!.position.x + 10, y: flow.nodes[2]!.position.y + 20 })
    expect(result.nodes.map((node) => node.selected)).toEqual([false, false, false, true])
  })

  it('pastes into another flow, dropping links to nodes left behind', () => {
    const source = chatflowExample()
    const { flow: result, nodeIds } = pasteNodes(flowOf([]), copyNodes(source, ['llmChain_0']))
    expect(nodeIds).toEqual(['llmChain_0'])
    expect(result.nodes[0]!.data.inputs).toEqual({ model: '', prompt: '', chainName: '' })
    expect(result.edges).toEqual([])
  })

  it('keeps children inside their pasted container and renames V2 references', () => {
    const child = {
      ...makeNode(llmAgentflow, 'llmAgentflow_0', { x: 20, y: 30 }),
      parentNode: 'iterationAgentflow_0',
    }
    const messages = [{ role: 'user', content: '{{ iterationAgentflow_0 }} then {{ llmAgentflow_9 }}' }]
    const flow = flowOf([
      makeNode(iterationAgentflow, 'iterationAgentflow_0', { x: 100, y: 100 }),
      { ...child, data: { ...child.data, inputs: { llmMessages: messages } } },
    ])
    const { flow: result } = pasteNodes(flow, copyNodes(flow, ['iterationAgentflow_0']))
    const [container, pastedChild] = result.nodes.slice(2)
    expect(container!.position).toEqual({ x: 150, y: 150 })
    expect(pastedChild).toMatchObject({ parentNode: 'iterationAgentflow_1', position: { x: 20, y: 30 } })
    expect(pastedChild!.data.inputs.llmMessages).toEqual([
      { role: 'user', content: '{{ iterationAgentflow_1 }} then ' },
    ])
  })

  it('strips credential ids from a clipboard that arrives with them', () => {
    const flow = withCredential(chatflowExample())
    const { flow: result } = pasteNodes(flowOf([]), { nodes: flow.nodes, edges: flow.edges })
    expect(JSON.stringify(result)).not.toContain('cred-1')
  })

  it('property: pasted ids never collide, every pasted edge is valid, references stay among pasted nodes', () => {
    fc.assert(
      fc.property(randomFlow(), randomFlow(), fc.array(fc.nat()), (source, target, picks) => {
        const chosen = picks.map((pick) => source.nodes[pick % source.nodes.length]!.id)
        const clipboard = copyNodes(deepFreeze(source), chosen)
        const { flow, nodeIds } = pasteNodes(deepFreeze(target), clipboard)
        const ids = flow.nodes.map((node) => node.id)
        expect(new Set(ids).size).toBe(ids.length)
        expect(nodeIds).toHaveLength(clipboard.nodes.length)
        const pastedEdges = flow.edges.slice(target.edges.length)
        expect(pastedEdges).toHaveLength(clipboard.edges.length)
        for (const edge of pastedEdges) {
          expect(nodeIds).toContain(edge.source)
          expect(checkConnection(edge, flow.nodes, [])).toBeNull()
        }
        for (const node of flow.nodes.slice(target.nodes.length)) {
          for (const head of referencedHeads(node.data.inputs)) {
            if (/_\d+$/.test(head)) expect(nodeIds).toContain(head)
          }
        }
      }),
    )
  })
})
