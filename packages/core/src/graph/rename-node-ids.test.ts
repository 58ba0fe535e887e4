import { describe, expect, it } from 'vitest'
import { renameHandleId, renameNodeData } from './rename-node-ids.js'
import { deepFreeze, llmChain, makeNode } from './test-fixtures.js'

describe('renameHandleId', () => {
  it('renames handles of the node and the node id itself, nothing else', () => {
    expect(renameHandleId('llmChain_0-input-model-BaseLanguageModel', 'llmChain_0', 'llmChain_3')).toBe(
      'llmChain_3-input-model-BaseLanguageModel',
    )
    expect(renameHandleId('llmChain_0', 'llmChain_0', 'llmChain_3')).toBe('llmChain_3')
    expect(renameHandleId('llmChain_01-input-x', 'llmChain_0', 'llmChain_3')).toBe('llmChain_01-input-x')
  })
})

describe('renameNodeData', () => {
  it('rewrites every param, anchor and output option id without touching the source', () => {
    const data = deepFreeze(makeNode(llmChain, 'llmChain_0').data)
    const renamed = renameNodeData(data, 'llmChain_0', 'llmChain_7')
    const ids = [
      renamed.id,
      ...renamed.inputParams.map((param) => param.id),
      ...renamed.inputAnchors.map((anchor) => anchor.id),
      ...renamed.outputAnchors.flatMap((anchor) => [anchor.id, ...(anchor.options ?? []).map((option) => option.id)]),
    ].filter((id) => id !== undefined)
    expect(ids.length).toBeGreaterThan(4)
    for (const id of ids) expect(id.startsWith('llmChain_7')).toBe(true)
  })
})
