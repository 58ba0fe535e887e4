import { describe, expect, it } from 'vitest'
import type { WorkspaceCounts } from '../../api/workspace'
import { countParts, deleteDescription, listInWords } from './workspaceCounts'

const none: WorkspaceCounts = {
  chatflows: 0,
  agentflows: 0,
  assistants: 0,
  credentials: 0,
  variables: 0,
  tools: 0,
  apiKeys: 0,
  documentStores: 0,
  customTemplates: 0,
  executions: 0,
  chatMessages: 0,
}

describe('workspace counts in words', () => {
  it('names the non-zero counts, singular and plural', () => {
    expect(countParts({ ...none, chatflows: 3, credentials: 1, apiKeys: 2 })).toEqual([
      '3 chatflows',
      '1 credential',
      '2 API keys',
    ])
    expect(countParts(none)).toEqual([])
    expect(listInWords(['a', 'b', 'c'])).toBe('a, b and c')
    expect(listInWords(['a'])).toBe('a')
  })

  it('says what deleting takes with it', () => {
    expect(deleteDescription('Sales', { ...none, chatflows: 3, credentials: 1 }, 2)).toBe(
      "Delete 'Sales'? This deletes 3 chatflows and 1 credential in it. 2 members lose access to it. This cannot be undone.",
    )
    expect(deleteDescription('Empty', none, 1)).toBe(
      "Delete 'Empty'? It holds nothing yet. 1 member loses access to it. This cannot be undone.",
    )
  })
})
