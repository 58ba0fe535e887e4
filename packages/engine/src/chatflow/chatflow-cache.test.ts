import { describe, expect, it } from 'vitest'
import { testFlowData } from '../testing/test-flow.js'
import { createChatflowCache } from './chatflow-cache.js'
import type { ChatflowSource } from './chatflow-run.js'

const flowData = JSON.stringify(
  testFlowData([{ id: 'chain_0', inputs: { model: '{{model_0.data.instance}}' } }, { id: 'model_0' }]),
)
const flow = (overrides: Partial<ChatflowSource> = {}): ChatflowSource => ({
  id: 'flow-1',
  workspaceId: 'workspace-1',
  updatedDate: '2026-01-01T00:00:00.000Z',
  flowData,
  ...overrides,
})

describe('createChatflowCache', () => {
  it('prepares a flow version once and reuses it', () => {
    const cache = createChatflowCache()
    const first = cache.prepare(flow())
    expect(cache.prepare(flow())).toBe(first)
    expect(cache.size).toBe(1)
  })

  it('prepares a saved change again: the update time is part of the key', () => {
    const cache = createChatflowCache()
    const first = cache.prepare(flow())
    const changed = JSON.stringify(testFlowData([{ id: 'model_0' }]))
    const second = cache.prepare(flow({ updatedDate: '2026-01-02T00:00:00.000Z', flowData: changed }))
    expect(second).not.toBe(first)
    expect(second.endingNodeIds).toEqual(['model_0'])
  })

  it('never shares an entry between workspaces, even for the same flow id and version', () => {
    const cache = createChatflowCache()
    const other = JSON.stringify(testFlowData([{ id: 'other_0' }]))
    cache.prepare(flow())
    expect(cache.prepare(flow({ workspaceId: 'workspace-2', flowData: other })).endingNodeIds).toEqual(['other_0'])
    expect(cache.prepare(flow()).endingNodeIds).toEqual(['chain_0'])
  })

  it('forgets the least recently used version beyond its size', () => {
    const cache = createChatflowCache(2)
    const a = cache.prepare(flow({ id: 'a' }))
    cache.prepare(flow({ id: 'b' }))
    cache.prepare(flow({ id: 'a' }))
    cache.prepare(flow({ id: 'c' }))
    expect(cache.size).toBe(2)
    expect(cache.prepare(flow({ id: 'a' }))).toBe(a)
  })

  it('keeps no entry for a flow that cannot be prepared', () => {
    const cache = createChatflowCache()
    expect(() => cache.prepare(flow({ flowData: '{' }))).toThrow("This flow's data cannot be read")
    expect(cache.size).toBe(0)
  })
})
