import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { nodeIdCounter, uniqueNodeId } from './unique-node-id.js'

describe('uniqueNodeId', () => {
  it('starts at 0 and takes the first free counter', () => {
    expect(uniqueNodeId('llmChain', [])).toBe('llmChain_0')
    expect(uniqueNodeId('llmChain', [{ id: 'llmChain_0' }, { id: 'chatOpenAI_1' }])).toBe('llmChain_1')
    expect(uniqueNodeId('llmChain', [{ id: 'llmChain_0' }, { id: 'llmChain_2' }])).toBe('llmChain_1')
  })

  it('property: never returns an id in use, and the counter is the smallest free one', () => {
    const ids = fc.array(
      fc.oneof(
        fc.nat(20).map((n) => `tool_${n}`),
        fc.constantFrom('tool', 'tool_x', 'other_0'),
      ),
    )
    fc.assert(
      fc.property(ids, (taken) => {
        const nodes = taken.map((id) => ({ id }))
        const id = uniqueNodeId('tool', nodes)
        expect(taken).not.toContain(id)
        const counter = nodeIdCounter(id)!
        for (let n = 0; n < counter; n += 1) expect(taken).toContain(`tool_${n}`)
      }),
    )
  })
})

describe('nodeIdCounter', () => {
  it('reads the counter of an id', () => {
    expect(nodeIdCounter('llmChain_12')).toBe(12)
    expect(nodeIdCounter('start')).toBeUndefined()
  })
})
