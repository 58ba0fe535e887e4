import { describe, expect, it } from 'vitest'
import { FLOW_TYPES } from '../types/flow.js'
import { flowTypeOfTemplate, templateCategories, templateTypeOfFlow } from './template-type.js'

describe('template types', () => {
  it('a flow saved as a template starts the same kind of flow again (an assistant starts a chatflow)', () => {
    for (const type of FLOW_TYPES) {
      const back = flowTypeOfTemplate(templateTypeOfFlow(type))
      expect(back).toBe(type === 'ASSISTANT' ? 'CHATFLOW' : type)
    }
  })

  it('a tool template starts no flow', () => {
    expect(flowTypeOfTemplate('Tool')).toBeUndefined()
  })
})

describe('templateCategories', () => {
  it('lists each node category once, in the order the nodes come', () => {
    const flow = {
      nodes: [
        { data: { category: 'Chat Models' } },
        { data: { category: 'Chains' } },
        { data: { category: 'Chat Models' } },
        { data: {} },
      ],
    }
    expect(templateCategories(JSON.stringify(flow))).toEqual(['Chat Models', 'Chains'])
  })

  it('answers none for text that is not a flow', () => {
    expect(templateCategories('{not json')).toEqual([])
    expect(templateCategories('{"nodes": 3}')).toEqual([])
  })
})
