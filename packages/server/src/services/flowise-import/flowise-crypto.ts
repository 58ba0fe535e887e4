import { createDecipheriv, createHash } from 'node:crypto'

// Flowise encrypts each credential's fields with crypto-js `AES.encrypt(JSON.stringify(data), key)`:
// OpenSSL's "Salted__" format (base64 of the magic, an 8-byte salt and the ciphertext), with the
// AES-256-CBC key and IV derived from the passphrase and salt by EVP_BytesToKey over MD5.

const MAGIC = Buffer.from('Salted__', 'latin1')
const SALT_BYTES = 8
const KEY_BYTES = 32
const IV_BYTES = 16

/** OpenSSL's EVP_BytesToKey with MD5 and one round: MD5 blocks chained until key and IV are filled. */
export function bytesToKey(passphrase: Buffer, salt: Buffer): { key: Buffer; iv: Buffer } {
  const blocks: Buffer[] = []
  let previous = Buffer.alloc(0)
  while (Buffer.concat(blocks).length < KEY_BYTES + IV_BYTES) {
    previous = createHash('md5')
      .update(Buffer.concat([previous, passphrase, salt]))
      .digest()
    blocks.push(previous)
  }
  const bytes = Buffer.concat(blocks)
  return { key: bytes.subarray(0, KEY_BYTES), iv: bytes.subarray(KEY_BYTES, KEY_BYTES + IV_BYTES) }
}

/**
 * The field values of a Flowise credential, or undefined when `passphrase` does not open it: a bad
 * padding, or bytes that are not the JSON object Flowise wrote, both mean another key.
 */
export function decryptFlowiseCredential(
  encryptedData: string,
  passphrase: string,
): Record<string, unknown> | undefined {
  const bytes = Buffer.from(encryptedData, 'base64')
  if (bytes.length <= MAGIC.length + SALT_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined
  const salt = bytes.subarray(MAGIC.length, MAGIC.length + SALT_BYTES)
  const { key, iv } = bytesToKey(Buffer.from(passphrase, 'utf8'), salt)
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, iv)
    const plain = Buffer.concat([decipher.update(bytes.subarray(MAGIC.length + SALT_BYTES)), decipher.final()])
    const data: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain))
    return data !== null && typeof data === 'object' && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
