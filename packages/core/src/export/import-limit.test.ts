import { describe, expect, it } from 'vitest'
import { DEFAULT_FLOW_BODY_LIMIT_MB, flowTooLargeMessage, importTooLargeMessage } from './import-limit.js'

describe('flow size limits in words', () => {
  it('names the size and the limit', () => {
    expect(DEFAULT_FLOW_BODY_LIMIT_MB).toBe(50)
    expect(flowTooLargeMessage(61.25 * 1024 * 1024)).toBe(
      'This flow is too large to save: it is 61.3 MB, and this server takes flows of at most 50 MB.',
    )
    expect(flowTooLargeMessage(9 * 1024 * 1024, 8)).toContain('at most 8 MB')
    expect(importTooLargeMessage(8)).toBe('The file is too large: an import takes at most 8 MB')
  })
})
