import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const ALGORITHM = 'aes-256-gcm'
const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

/** Thrown when stored text was changed, is not ours, or was written under another key. */
export class DecryptionError extends Error {
  constructor() {
    super('Stored secret cannot be decrypted')
  }
}

/**
 * Encrypts text with AES-256-GCM under a fresh random IV. The result is one line of text,
 * `v1:<iv>:<tag>:<ciphertext>` in base64, so a later format can be told apart by its version.
 */
export function encryptText(key: Uint8Array, plain: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv(ALGORITHM, key, iv)
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((bytes) => bytes.toString('base64'))
  return [VERSION, ...parts].join(':')
}

/** Reads what encryptText wrote; the auth tag makes any change, or another key, fail instead of answering garbage. */
export function decryptText(key: Uint8Array, stored: string): string {
  const [version, iv, tag, ciphertext, ...rest] = stored.split(':')
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
    throw new DecryptionError()
  }
  const ivBytes = Buffer.from(iv, 'base64')
  const tagBytes = Buffer.from(tag, 'base64')
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new DecryptionError()
  try {
    const decipher = createDecipheriv(ALGORITHM, key, ivBytes, { authTagLength: TAG_BYTES })
    decipher.setAuthTag(tagBytes)
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8')
  } catch {
    throw new DecryptionError()
  }
}
