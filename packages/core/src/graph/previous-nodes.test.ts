import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { FlowEdge } from '../types/node.js'
import { previousNodes } from './previous-nodes.js'
import { flowOf, llmAgentflow, makeNode, startAgentflow } from './test-fixtures.js'

const edge = (source: string, target: string): FlowEdge => ({
  id: `${source}-${target}`,
  source,
  target,
  sourceHandle: `${source}-output`,
  targetHandle: target,
})

describe('previousNodes', () => {
  const nodes = [
    makeNode(startAgentflow, 'startAgentflow_0'),
    makeNode(llmAgentflow, 'llmAgentflow_0'),
    makeNode(llmAgentflow, 'llmAgentflow_1'),
    makeNode(llmAgentflow, 'llmAgentflow_2'),
  ]

  it('lists every step before a node, nearest first, and none after or beside it', () => {
    const flow = flowOf(nodes, [
      edge('startAgentflow_0', 'llmAgentflow_0'),
      edge('llmAgentflow_0', 'llmAgentflow_1'),
      edge('startAgentflow_0', 'llmAgentflow_2'),
    ])
    expect(previousNodes(flow, 'llmAgentflow_1').map((node) => node.id)).toEqual(['llmAgentflow_0', 'startAgentflow_0'])
    expect(previousNodes(flow, 'startAgentflow_0')).toEqual([])
  })

  it('never lists the node itself, even inside a loop of edges', () => {
    const ids = nodes.map((node) => node.id)
    const edges = fc.array(
      fc.tuple(fc.constantFrom(...ids), fc.constantFrom(...ids)).map(([s, t]) => edge(s, t)),
      { maxLength: 12 },
    )
    fc.assert(
      fc.property(edges, fc.constantFrom(...ids), (list, id) => {
        const found = previousNodes(flowOf(nodes, list), id).map((node) => node.id)
        expect(found).not.toContain(id)
        expect(new Set(found).size).toBe(found.length)
      }),
    )
  })
})
