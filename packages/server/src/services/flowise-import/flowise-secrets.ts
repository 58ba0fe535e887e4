import { isApiKeyPermission } from '@weft/core'
import type { FlowiseRow, FlowiseTables } from './flowise-database.js'
import { decryptFlowiseCredential } from './flowise-crypto.js'
import { isoTime } from './flowise-records.js'
import type { LeftBehind } from './migration-report.js'

// Flowise's credentials, opened with its encryption key, and its API keys, which Flowise 3.x keeps
// in the database with the key itself (and a scrypt hash of it that only Flowise's check reads).

/** The key given does not open the credentials: nothing is written. */
export class WrongKeyError extends Error {}

export interface CredentialRecord {
  id: string
  name: string
  credentialName: string
  /** The field values in clear; re-encrypted with Weft's key as they are written, never printed. */
  data: Record<string, unknown>
  createdDate: string
  updatedDate: string
}

export interface ApiKeyRecord {
  id: string
  keyName: string
  /** The key its clients send, which Weft stores as a hash only. */
  apiKey: string
  permissions: string[]
  createdDate: string
}

/** Credentials Flowise kept in AWS Secrets Manager name the secret instead of holding the data. */
const AWS_SECRET = 'FlowiseCredential_'

const now = () => new Date().toISOString()
const timeOf = (value: unknown) => String(isoTime(value) ?? now())

/** The key as given, and without the line end an editor adds to a key file (Flowise reads the file as it is). */
const passphrasesOf = (key: string) => [...new Set([key, key.trim()])].filter((k) => k !== '')

const opens = (row: FlowiseRow, passphrase: string) =>
  decryptFlowiseCredential(String(row.encryptedData ?? ''), passphrase) !== undefined

/**
 * Every credential in clear. The key is wrong when it opens none of them, which throws
 * WrongKeyError; one the right key does not open (a damaged row) is left behind with the reason.
 */
export function decryptCredentials(
  tables: FlowiseTables,
  key: string,
): { credentials: CredentialRecord[]; leftBehind: LeftBehind[] } {
  const leftBehind: LeftBehind[] = []
  const encrypted = tables.credential.filter((row) => {
    if (!String(row.encryptedData ?? '').startsWith(AWS_SECRET)) return true
    leftBehind.push({
      kind: 'credentials',
      name: String(row.name ?? row.id),
      reason: 'its data is kept in AWS Secrets Manager, which this migration does not read; add it again in Weft',
    })
    return false
  })
  const passphrase = passphrasesOf(key).find((candidate) => encrypted.some((row) => opens(row, candidate)))
  if (encrypted.length > 0 && passphrase === undefined) {
    throw new WrongKeyError(
      `The encryption key does not decrypt any of the ${encrypted.length} credentials of this Flowise database: ` +
        'give the encryption.key file of the same installation (--encryption-key-file) or its ' +
        'FLOWISE_SECRETKEY_OVERWRITE value (--encryption-key). Nothing was imported.',
    )
  }
  const credentials: CredentialRecord[] = []
  for (const row of encrypted) {
    const data = decryptFlowiseCredential(String(row.encryptedData ?? ''), passphrase ?? '')
    const name = String(row.name ?? row.id)
    if (!data) {
      leftBehind.push({
        kind: 'credentials',
        name,
        reason: 'its data cannot be decrypted with the key that opens the others',
      })
      continue
    }
    credentials.push({
      id: String(row.id),
      name,
      credentialName: String(row.credentialName ?? ''),
      data,
      createdDate: timeOf(row.createdDate),
      updatedDate: timeOf(row.updatedDate),
    })
  }
  return { credentials, leftBehind }
}

const permissionList = (value: unknown): string[] => {
  try {
    const list: unknown = typeof value === 'string' ? JSON.parse(value) : value
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

/** Flowise's API keys; a permission Weft does not have is left out and named in the report. */
export function readApiKeys(tables: FlowiseTables): { apiKeys: ApiKeyRecord[]; leftBehind: LeftBehind[] } {
  const leftBehind: LeftBehind[] = []
  const apiKeys: ApiKeyRecord[] = []
  for (const row of tables.apikey) {
    const keyName = String(row.keyName ?? row.id)
    if (typeof row.apiKey !== 'string' || row.apiKey === '') {
      leftBehind.push({ kind: 'apiKeys', name: keyName, reason: 'the database holds no key for it' })
      continue
    }
    const all = permissionList(row.permissions)
    const unknown = all.filter((permission) => !isApiKeyPermission(permission))
    if (unknown.length > 0) {
      leftBehind.push({
        kind: 'apiKeys',
        name: `${keyName} (permissions only)`,
        reason: `the key came without ${unknown.join(', ')}, which Weft's API keys do not have`,
      })
    }
    apiKeys.push({
      id: String(row.id),
      keyName,
      apiKey: row.apiKey,
      permissions: all.filter(isApiKeyPermission),
      createdDate: timeOf(row.createdDate ?? row.updatedDate),
    })
  }
  return { apiKeys, leftBehind }
}
