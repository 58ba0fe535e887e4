import { describe, expect, it } from 'vitest'
import { exportFileName, parseFlowFile } from './flowFile'

describe('flow files', () => {
  it('names exports as Flowise does', () => {
    expect(exportFileName('Support bot', 'chatflow')).toBe('Support bot Chatflow.json')
    expect(exportFileName('Research', 'agentflowV2')).toBe('Research Agents.json')
    expect(exportFileName('Team', 'sequential')).toBe('Team Agents.json')
  })

  it('loads a file with nodes and edges, and refuses anything else', () => {
    expect(parseFlowFile('{"nodes":[],"edges":[],"viewport":{"x":1,"y":2,"zoom":1}}')).toEqual({
      nodes: [],
      edges: [],
      viewport: { x: 1, y: 2, zoom: 1 },
    })
    expect(parseFlowFile('{"nodes":[]}')).toBeNull()
    expect(parseFlowFile('not json')).toBeNull()
    expect(parseFlowFile('null')).toBeNull()
  })
})
