import { describe, expect, it } from 'vitest'
import { nodeTypesOf } from './nodeTypesOf'

const flowData = (nodes: unknown[]) => JSON.stringify({ nodes, edges: [] })

describe('node types of a flow', () => {
  it('lists each node type once, in canvas order, with its label', () => {
    const nodes = [
      { type: 'customNode', data: { name: 'chatOpenAI', label: 'ChatOpenAI' } },
      { type: 'customNode', data: { name: 'llmChain', label: 'LLM Chain' } },
      { type: 'customNode', data: { name: 'chatOpenAI', label: 'ChatOpenAI' } },
    ]
    expect(nodeTypesOf(flowData(nodes))).toEqual([
      { name: 'chatOpenAI', label: 'ChatOpenAI' },
      { name: 'llmChain', label: 'LLM Chain' },
    ])
  })

  it('leaves out sticky notes of every canvas', () => {
    const nodes = [
      { type: 'stickyNote', data: { name: 'stickyNote', label: 'Sticky Note', type: 'StickyNote' } },
      { type: 'agentFlow', data: { name: 'stickyNoteAgentflow', label: 'Sticky Note' } },
      { type: 'agentFlow', data: { name: 'startAgentflow', label: 'Start' } },
    ]
    expect(nodeTypesOf(flowData(nodes)).map((node) => node.name)).toEqual(['startAgentflow'])
  })

  it('falls back to the name when a node has no label', () => {
    expect(nodeTypesOf(flowData([{ data: { name: 'calculator' } }]))).toEqual([
      { name: 'calculator', label: 'calculator' },
    ])
  })

  it('gives nothing for text that is not a flow, instead of breaking the list', () => {
    expect(nodeTypesOf('')).toEqual([])
    expect(nodeTypesOf('{"nodes": 3}')).toEqual([])
    expect(nodeTypesOf('null')).toEqual([])
    expect(nodeTypesOf(flowData([null, { data: null }, { data: { name: 7 } }]))).toEqual([])
  })
})
