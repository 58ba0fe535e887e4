import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { decryptText, DecryptionError, encryptText } from './encryption.js'
import { loadKeys } from './secrets.js'

const key = loadKeys('/unused', 'first-secret-key-0123456789').encryptionKey
const otherKey = loadKeys('/unused', 'second-secret-key-0123456789').encryptionKey
const SECRET = '{"openAIApiKey":"sk-test-ünïcode-🔑"}'

/** Flips one bit of the base64 part at `index` (1 iv, 2 tag, 3 ciphertext). */
function tamper(stored: string, index: number): string {
  const parts = stored.split(':')
  const bytes = Buffer.from(parts[index]!, 'base64')
  bytes[0]! ^= 1
  parts[index] = bytes.toString('base64')
  return parts.join(':')
}

describe('encryption of stored secrets', () => {
  it('reads back what it wrote, and never writes the text in clear', () => {
    const stored = encryptText(key, SECRET)
    expect(stored).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/)
    expect(stored).not.toContain('sk-test')
    expect(decryptText(key, stored)).toBe(SECRET)
    expect(decryptText(key, encryptText(key, ''))).toBe('')
  })

  it('uses a fresh IV each time, so equal secrets do not look equal', () => {
    expect(encryptText(key, SECRET)).not.toBe(encryptText(key, SECRET))
  })

  it('detects any change to the IV, the tag or the ciphertext', () => {
    const stored = encryptText(key, SECRET)
    for (const index of [1, 2, 3]) expect(() => decryptText(key, tamper(stored, index))).toThrow(DecryptionError)
    expect(() => decryptText(key, stored.replace(/^v1/, 'v2'))).toThrow(DecryptionError)
    expect(() => decryptText(key, 'not encrypted')).toThrow(DecryptionError)
  })

  it('cannot be read with another key', () => {
    const stored = encryptText(key, SECRET)
    expect(() => decryptText(otherKey, stored)).toThrow(DecryptionError)
    expect(() => decryptText(randomBytes(32), stored)).toThrow(DecryptionError)
  })
})
