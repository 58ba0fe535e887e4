import { describe, expect, it } from 'vitest'
import { testRun } from '../runtime/test-run.js'
import seqState from './seq-state.node.js'

const build = (inputs: Record<string, unknown>) =>
  seqState.run!({ nodeId: 'seqState_0', label: 'State', inputs, isEnding: false, scope: testRun().scope })

describe('the sequential State node', () => {
  it('declares the table keys: Replace keys start as their text, Append keys as a list', async () => {
    const state = await build({
      selectedStateTab: 'stateMemoryUI',
      stateMemoryUI: JSON.stringify([
        { key: 'topic', type: 'Replace', defaultValue: 'tea' },
        { key: 'notes', type: 'Append', defaultValue: '["first"]' },
        { key: 'seen', type: 'Append', defaultValue: '' },
      ]),
    })
    expect(state).toEqual({ kind: 'sequentialState', initial: { topic: 'tea', notes: ['first'], seen: [] } })
    await expect(build({ stateMemoryUI: [{ key: ' ', defaultValue: 'x' }] })).rejects.toThrow(
      'Custom State: row 1 has no Key.',
    )
  })

  it('runs the code tab in the sandbox, working out defaults given as functions', async () => {
    const code =
      'return {\n  topic: { value: null, default: () => "tea" },\n  count: { value: (x, y) => x + y, default: 2 },\n  plain: "yes",\n}'
    expect(await build({ selectedStateTab: 'stateMemoryCode', stateMemoryCode: code })).toEqual({
      kind: 'sequentialState',
      initial: { topic: 'tea', count: 2, plain: 'yes' },
    })
    // Flowise's older files keep a bare object literal.
    const literal = await build({
      selectedStateTab: 'stateMemoryCode',
      stateMemoryCode: '{ topic: { value: null, default: () => "" } }',
    })
    expect(literal).toEqual({ kind: 'sequentialState', initial: { topic: '' } })
    await expect(build({ selectedStateTab: 'stateMemoryCode', stateMemoryCode: 'return 3' })).rejects.toThrow(
      'Custom State (Code) must return an object',
    )
  })
})
