import { describe, expect, it } from 'vitest'
import { EMPTY_WORKSPACE_COUNTS, type WorkspaceCounts } from '@weft/core'
import { countParts, deleteDescription, listInWords } from './workspaceCounts'

const none: WorkspaceCounts = { ...EMPTY_WORKSPACE_COUNTS }

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
