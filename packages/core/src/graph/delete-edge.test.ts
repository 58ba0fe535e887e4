import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { addEdge } from './add-edge.js'
import { deleteEdge } from './delete-edge.js'
import { calculator, connectionBetween, deepFreeze, flowOf, makeNode, toolAgent } from './test-fixtures.js'
import { chatflowExample, randomFlow } from './test-flows.js'

describe('deleteEdge (SPEC §4)', () => {
  it('removes the edge and the reference it wrote into the input', () => {
    const flow = deepFreeze(chatflowExample())
    const modelEdge = flow.edges.find((edge) => edge.source === 'chatOpenAI_0')!
    const result = deleteEdge(flow, modelEdge.id)
    expect(result.edges.map((edge) => edge.source)).toEqual(['promptTemplate_0'])
    expect(result.nodes[2]!.data.inputs).toMatchObject({ model: '', prompt: '{{promptTemplate_0.data.instance}}' })
  })

  it('removes one connection of a list input', () => {
    let flow = flowOf([
      makeNode(calculator, 'calculator_0'),
      makeNode(calculator, 'calculator_1'),
      makeNode(toolAgent, 'toolAgent_0'),
    ])
    flow = addEdge(flow, connectionBetween(flow, 'calculator_0', 'toolAgent_0', 'tools'))
    flow = addEdge(flow, connectionBetween(flow, 'calculator_1', 'toolAgent_0', 'tools'))
    const result = deleteEdge(flow, flow.edges[0]!.id)
    expect(result.nodes[2]!.data.inputs.tools).toEqual(['{{calculator_1.data.instance}}'])
  })

  it('an unknown edge id changes nothing', () => {
    const flow = chatflowExample()
    expect(deleteEdge(flow, 'nope')).toEqual(flow)
  })

  it('property: deleting the last edge made, then adding it again, gives back the same flow', () => {
    fc.assert(
      fc.property(randomFlow(), (flow) => {
        const last = flow.edges.at(-1)
        if (!last) return
        const without = deleteEdge(deepFreeze(flow), last.id)
        expect(without.edges).toHaveLength(flow.edges.length - 1)
        expect(addEdge(without, last)).toEqual(flow)
      }),
    )
  })
})
