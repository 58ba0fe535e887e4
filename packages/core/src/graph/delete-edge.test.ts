import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { addEdge } from './add-edge.js'
import { deleteEdge } from './delete-edge.js'
import { outputHandles } from './anchors.js'
import {
  calculator,
  connectionBetween,
  deepFreeze,
  descriptor,
  flowOf,
  makeNode,
  promptTemplate,
  textNode,
  toolAgent,
} from './test-fixtures.js'
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

  it('takes a variable param connection out again: the JSON key, or the text', () => {
    let flow = flowOf([
      makeNode(calculator, 'calculator_0'),
      makeNode(promptTemplate, 'promptTemplate_0'),
      makeNode(textNode, 'textNode_0'),
    ])
    const template = flow.nodes[1]!
    const inputs = { template: 'Say {x}', promptValues: '{"y": "1"}' }
    flow.nodes[1] = { ...template, data: { ...template.data, inputs } }
    flow.nodes[2] = { ...flow.nodes[2]!, data: { ...flow.nodes[2]!.data, inputs: { text: 'Hi' } } }
    flow = addEdge(flow, connectionBetween(flow, 'calculator_0', 'promptTemplate_0', 'promptValues'))
    flow = deepFreeze(addEdge(flow, connectionBetween(flow, 'calculator_0', 'textNode_0', 'text')))
    expect(flow.nodes[2]!.data.inputs.text).toBe('Hi {{calculator_0.data.instance}}')
    const result = deleteEdge(deleteEdge(flow, flow.edges[0]!.id), flow.edges[1]!.id)
    expect(JSON.parse(result.nodes[1]!.data.inputs.promptValues as string)).toEqual({ y: '1' })
    expect(result.nodes[2]!.data.inputs.text).toBe('Hi')
  })

  it('keeps the reference while another edge from the same node still feeds the param', () => {
    const ifElse = descriptor({
      name: 'ifElseFunction',
      outputs: [
        { label: 'True', name: 'returnTrue', baseClasses: ['string'], isAnchor: true },
        { label: 'False', name: 'returnFalse', baseClasses: ['string'], isAnchor: true },
      ],
    })
    let flow = flowOf([makeNode(ifElse, 'ifElseFunction_0'), makeNode(textNode, 'textNode_0')])
    const [yes, no] = outputHandles(flow.nodes[0]!.data)
    const into = connectionBetween(flow, 'ifElseFunction_0', 'textNode_0', 'text')
    flow = addEdge(addEdge(flow, { ...into, sourceHandle: yes!.id }), { ...into, sourceHandle: no!.id })
    expect(flow.nodes[1]!.data.inputs.text).toBe('{{ifElseFunction_0.data.instance}}')
    const one = deleteEdge(flow, flow.edges[0]!.id)
    expect(one.nodes[1]!.data.inputs.text).toBe('{{ifElseFunction_0.data.instance}}')
    expect(deleteEdge(one, flow.edges[1]!.id).nodes[1]!.data.inputs.text).toBe('')
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
