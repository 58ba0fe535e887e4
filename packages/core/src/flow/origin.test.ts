import { describe, expect, it } from 'vitest'
import { toOrigin } from './origin.js'

describe('allowed origins', () => {
  it('accepts a scheme, a host and a port, with or without a trailing slash', () => {
    expect(toOrigin('https://example.com')).toBe('https://example.com')
    expect(toOrigin(' http://localhost:8080/ ')).toBe('http://localhost:8080')
    expect(toOrigin('HTTPS://Example.com')).toBe('https://example.com')
  })

  it('refuses paths, queries, other schemes and plain words', () => {
    for (const text of ['https://example.com/chat', 'https://example.com?x=1', 'ftp://example.com', 'example.com', '', '*'])
      expect(toOrigin(text)).toBeUndefined()
  })
})
