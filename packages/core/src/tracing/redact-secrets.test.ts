import { describe, expect, it } from 'vitest'
import { redactSecrets, secretsToRedact } from './redact-secrets.js'

describe('redactSecrets', () => {
  it('replaces every occurrence of every secret, a longer one whole', () => {
    const secrets = secretsToRedact(['sk-abc', 'sk-abc-123', 'pw', 'sk-abc'])
    expect(secrets).toEqual(['sk-abc-123', 'sk-abc'])
    expect(redactSecrets('key sk-abc-123 then sk-abc and sk-abc.', secrets)).toBe(
      'key [redacted] then [redacted] and [redacted].',
    )
  })

  it('leaves text without secrets, and short values, as they are', () => {
    expect(redactSecrets('HTTP 401: pw is wrong', secretsToRedact(['pw']))).toBe('HTTP 401: pw is wrong')
    expect(redactSecrets('nothing here', [])).toBe('nothing here')
  })
})
