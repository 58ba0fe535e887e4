import { describe, expect, it } from 'vitest'
import { addEdge } from './add-edge.js'
import { anchorOptions, findOutputHandle, outputHandles } from './anchors.js'
import { checkConnection } from './check-connection.js'
import { copyNodes, pasteNodes } from './clipboard.js'
import { duplicateNode } from './duplicate-node.js'
import { initNode } from './init-node.js'
import { deepFreeze, descriptor, flowOf, llmChain, makeNode } from './test-fixtures.js'

// Outputs marked `isAnchor` (IfElse's True and False) are all connectable at once, each by its own handle.

const VALUES = ['string', 'json']
const ifElse = deepFreeze(
  descriptor({
    name: 'ifElseFunction',
    baseClasses: ['IfElseFunction'],
    outputs: [
      { label: 'True', name: 'returnTrue', baseClasses: VALUES, isAnchor: true },
      { label: 'False', name: 'returnFalse', baseClasses: VALUES, isAnchor: true },
    ],
  }),
)
/** A node with an anchor that takes text, so each branch has somewhere to go. */
const consumer = descriptor({ name: 'consumer', inputs: [{ label: 'Text', name: 'text', type: 'string|json' }] })

const TRUE_HANDLE = 'ifElseFunction_0-output-returnTrue-string|json'
const FALSE_HANDLE = 'ifElseFunction_0-output-returnFalse-string|json'

describe('anchor outputs', () => {
  it('keep the flow shape Flowise saves: one choice whose options are each marked as an anchor', () => {
    const data = initNode(ifElse, 'ifElseFunction_0')
    expect(data.outputAnchors).toEqual([
      {
        name: 'output',
        label: 'Output',
        type: 'options',
        options: [
          { id: TRUE_HANDLE, name: 'returnTrue', label: 'True', type: 'string | json', isAnchor: true },
          { id: FALSE_HANDLE, name: 'returnFalse', label: 'False', type: 'string | json', isAnchor: true },
        ],
        default: 'returnTrue',
      },
    ])
    expect(data.outputs).toEqual({ output: 'returnTrue' })
  })

  it('are each drawn as a handle, while a choose-one output draws none of its options', () => {
    const data = initNode(ifElse, 'ifElseFunction_0')
    expect(anchorOptions(data.outputAnchors[0]!).map((option) => option.id)).toEqual([TRUE_HANDLE, FALSE_HANDLE])
    expect(outputHandles(data).map((handle) => handle.id)).toEqual([TRUE_HANDLE, FALSE_HANDLE])
    expect(anchorOptions(initNode(llmChain, 'llmChain_0').outputAnchors[0]!)).toEqual([])
  })

  it('leave a hidden anchor output undrawn', () => {
    const hiding = descriptor({
      ...ifElse,
      outputs: [ifElse.outputs![0]!, { ...ifElse.outputs![1]!, hidden: true }],
    })
    expect(anchorOptions(initNode(hiding, 'ifElseFunction_0').outputAnchors[0]!).map((option) => option.name)).toEqual([
      'returnTrue',
    ])
  })

  it('connect both branches at once, each edge remembering the handle it leaves by', () => {
    let flow = flowOf([
      makeNode(ifElse, 'ifElseFunction_0'),
      makeNode(consumer, 'consumer_0'),
      makeNode(consumer, 'consumer_1'),
    ])
    const toTrue = {
      source: 'ifElseFunction_0',
      sourceHandle: TRUE_HANDLE,
      target: 'consumer_0',
      targetHandle: 'consumer_0-input-text-string|json',
    }
    const toFalse = {
      source: 'ifElseFunction_0',
      sourceHandle: FALSE_HANDLE,
      target: 'consumer_1',
      targetHandle: 'consumer_1-input-text-string|json',
    }
    expect(checkConnection(toTrue, flow.nodes, flow.edges)).toBeNull()
    flow = addEdge(flow, toTrue)
    expect(checkConnection(toFalse, flow.nodes, flow.edges)).toBeNull()
    flow = addEdge(flow, toFalse)
    expect(flow.edges.map((edge) => [edge.sourceHandle, edge.target])).toEqual([
      [TRUE_HANDLE, 'consumer_0'],
      [FALSE_HANDLE, 'consumer_1'],
    ])
    expect(flow.nodes.find((node) => node.id === 'consumer_1')?.data.inputs.text).toBe(
      '{{ifElseFunction_0.data.instance}}',
    )
    // Saved and read back, the handles are still there for the edges.
    const reloaded = JSON.parse(JSON.stringify(flow)) as typeof flow
    const node = reloaded.nodes[0]!.data
    for (const edge of reloaded.edges) expect(findOutputHandle(node, edge.sourceHandle)).toBeDefined()
  })

  it('stay anchors, renamed, on a duplicate and on a pasted copy', () => {
    const flow = flowOf([makeNode(ifElse, 'ifElseFunction_0')])
    const duplicated = duplicateNode(flow, 'ifElseFunction_0')
    const copy = duplicated.flow.nodes.find((node) => node.id === duplicated.nodeId)!
    expect(anchorOptions(copy.data.outputAnchors[0]!).map((option) => option.id)).toEqual([
      `${duplicated.nodeId}-output-returnTrue-string|json`,
      `${duplicated.nodeId}-output-returnFalse-string|json`,
    ])
    const pasted = pasteNodes(flow, copyNodes(flow, ['ifElseFunction_0']))
    const added = pasted.flow.nodes.find((node) => node.id === pasted.nodeIds[0])!
    expect(anchorOptions(added.data.outputAnchors[0]!).map((option) => option.name)).toEqual([
      'returnTrue',
      'returnFalse',
    ])
  })
})
