import { createHash, hkdfSync, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensurePrivateFolder } from '../data-folder.js'

export interface Keys {
  /** Signs access tokens. */
  tokenKey: Uint8Array
  /** Encrypts stored secrets (credentials) with AES-256-GCM. */
  encryptionKey: Uint8Array
}

/**
 * The master secret comes from WEFT_SECRET_KEY, or from a key generated once into the data folder.
 * Separate keys for signing and encryption are derived from it, so one never serves both jobs.
 */
export function loadKeys(home: string, secretKey: string | undefined): Keys {
  const master = secretKey ?? readOrCreateKeyFile(home)
  const derive = (info: string) => new Uint8Array(hkdfSync('sha256', master, 'weft', info, 32))
  return { tokenKey: derive('access-token'), encryptionKey: derive('encryption') }
}

function readOrCreateKeyFile(home: string): string {
  const path = join(home, 'secret.key')
  ensurePrivateFolder(home)
  if (existsSync(path)) {
    // A key file from an older version may be readable by others; the key is only as safe as its file.
    chmodSync(path, 0o600)
    return readFileSync(path, 'utf8').trim()
  }
  const key = randomBytes(32).toString('hex')
  // `mode` applies on creation only and is narrowed by the umask; 0600 is what we want either way.
  writeFileSync(path, `${key}\n`, { mode: 0o600 })
  return key
}

/** A random token for links and cookies: 32 bytes, URL-safe. */
export const randomToken = (): string => randomBytes(32).toString('base64url')

/** Tokens are stored only as hashes; a leaked database does not leak live tokens. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')
