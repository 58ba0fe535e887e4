import { describe, expect, it } from 'vitest'
import { encryptLikeFlowise, flowiseEncryptionKey } from '../../test/flowise-database.js'
import { decryptFlowiseCredential } from './flowise-crypto.js'

// Written by crypto-js 4.2.0 itself: AES.encrypt(JSON.stringify({ openAIApiKey: 'sk-x' }), 'k3y/base64+==').toString()
const CRYPTO_JS_OUTPUT = 'U2FsdGVkX19Wz4y/GUyhtaJIxOTCHc4H5T52g1iACAIgGjnYBvx/c/ZDqVxatM7B'

describe('Flowise credential decryption (crypto-js AES, OpenSSL salted format)', () => {
  it('opens what crypto-js wrote, with the same passphrase', () => {
    expect(decryptFlowiseCredential(CRYPTO_JS_OUTPUT, 'k3y/base64+==')).toEqual({ openAIApiKey: 'sk-x' })
  })

  it('answers nothing for another key, text that is not the format, or a cut ciphertext', () => {
    expect(decryptFlowiseCredential(CRYPTO_JS_OUTPUT, 'k3y/base64+=')).toBeUndefined()
    expect(decryptFlowiseCredential('not encrypted at all', 'k3y/base64+==')).toBeUndefined()
    expect(decryptFlowiseCredential(CRYPTO_JS_OUTPUT.slice(0, 40), 'k3y/base64+==')).toBeUndefined()
  })

  it('opens every record our fixture writer encrypts, and no other key does', () => {
    const key = flowiseEncryptionKey()
    const data = { apiKey: 'sk-ü-✓', nested: 'x'.repeat(300) }
    for (let i = 0; i < 20; i += 1) {
      const encrypted = encryptLikeFlowise(data, key)
      expect(decryptFlowiseCredential(encrypted, key)).toEqual(data)
      expect(decryptFlowiseCredential(encrypted, flowiseEncryptionKey())).toBeUndefined()
    }
  })
})
