import { randomUUID } from 'node:crypto'
import { REDACTED_SECRET, type Credential, type CredentialDescriptor, type NewCredential } from '@weft/core'
import { findCredentialType } from '@weft/nodes'
import { decryptText, encryptText } from '../auth/encryption.js'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { credentialsRepository, listCredentialsByTypes } from '../db/repositories/credentials.repository.js'
import { findItemWorkspace, isSharedWith } from '../db/repositories/workspaces.repository.js'
import type { CredentialRow, CredentialsTable } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { badRequest, HttpError, notFound } from '../http-error.js'
import { INVALIDATION_TOPICS } from '../shared/invalidation.js'
import { announceChange } from '../shared/shared-state.js'

/** Field values of a credential by input name, in clear: only ever in memory, never answered or logged. */
export type CredentialData = Record<string, string>

const scopeOf = (principal: Principal): WorkspaceScope => ({ workspaceId: principal.workspaceId })

/** A row as the API lists it: never with its data. */
const toCredential = (row: CredentialRow): Credential => ({
  id: row.id,
  name: row.name,
  credentialName: row.credential_name,
  workspaceId: row.workspace_id,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
})

function requireType(name: string): CredentialDescriptor {
  const type = findCredentialType(name)
  if (!type) throw badRequest(`body.credentialName: "${name}" is not a known credential type`)
  return type
}

/** Every field must belong to the type and every field it requires must be filled. */
function checkFields(type: CredentialDescriptor, data: CredentialData): void {
  const known = new Set(type.inputs.map((input) => input.name))
  for (const field of Object.keys(data)) {
    if (!known.has(field)) throw badRequest(`body.plainDataObj.${field}: is not a field of ${type.name}`)
  }
  for (const input of type.inputs) {
    if (!input.optional && !data[input.name]) throw badRequest(`body.plainDataObj.${input.name}: is required`)
  }
}

/**
 * What a read answers: a password field, or a field the type no longer describes, as
 * REDACTED_SECRET. An empty value stays empty: it hides nothing, and shows the field is unset.
 */
function redact(type: CredentialDescriptor | undefined, data: CredentialData): CredentialData {
  const plainFields = new Set(type?.inputs.filter((input) => input.type !== 'password').map((input) => input.name))
  return Object.fromEntries(
    Object.entries(data).map(([field, value]) => [
      field,
      value === '' || plainFields.has(field) ? value : REDACTED_SECRET,
    ]),
  )
}

/** Fields that say where a credential's secret is sent: an endpoint, a base path, a host, an instance name. */
const ADDRESS_FIELD = /url|uri|endpoint|base_?path|host|instance|domain|server/i

/**
 * A value sent back as REDACTED_SECRET keeps the stored one (or is dropped if none is stored). But
 * when a field that says where the secret goes changes, the secrets must be typed again: otherwise
 * whoever may edit the credential could send its stored key to an address of their own without
 * ever knowing it.
 */
function keepRedacted(type: CredentialDescriptor, sent: CredentialData, stored: CredentialData): CredentialData {
  const addressFields = type.inputs
    .filter((input) => input.type !== 'password' && ADDRESS_FIELD.test(input.name))
    .map((input) => input.name)
  const changed = addressFields.find((field) => (sent[field] ?? '') !== (stored[field] ?? ''))
  const merged: CredentialData = {}
  for (const [field, value] of Object.entries(sent)) {
    if (value === REDACTED_SECRET && changed !== undefined && stored[field]) {
      throw badRequest(
        `body.plainDataObj.${field}: enter it again: ${changed} changed, and the stored secret is only kept for the same settings`,
      )
    }
    const kept = value === REDACTED_SECRET ? stored[field] : value
    if (kept !== undefined) merged[field] = kept
  }
  return merged
}

const encryptData = (ctx: AppContext, data: CredentialData) => encryptText(ctx.keys.encryptionKey, JSON.stringify(data))
const decryptData = (ctx: AppContext, row: CredentialRow): CredentialData =>
  JSON.parse(decryptText(ctx.keys.encryptionKey, row.encrypted_data)) as CredentialData

async function findOwnCredential(ctx: AppContext, scope: WorkspaceScope, id: string): Promise<CredentialRow> {
  const row = await credentialsRepository(ctx.db).find(scope, id)
  if (!row) throw notFound('Credential not found')
  return row
}

/** The workspace's credentials, only those of the given types when some are named. */
export async function listCredentials(
  ctx: AppContext,
  principal: Principal,
  types: readonly string[],
): Promise<Credential[]> {
  return (await listCredentialsByTypes(ctx.db, scopeOf(principal), types)).map(toCredential)
}

/** One credential with its field values, secrets redacted. */
export async function getCredential(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<Credential & { plainDataObj: CredentialData }> {
  const row = await findOwnCredential(ctx, scopeOf(principal), id)
  return { ...toCredential(row), plainDataObj: redact(findCredentialType(row.credential_name), decryptData(ctx, row)) }
}

export async function createCredential(
  ctx: AppContext,
  principal: Principal,
  credential: NewCredential,
): Promise<Credential> {
  const type = requireType(credential.credentialName)
  for (const [field, value] of Object.entries(credential.plainDataObj)) {
    if (value === REDACTED_SECRET)
      throw badRequest(`body.plainDataObj.${field}: is the redacted placeholder, not a value`)
  }
  checkFields(type, credential.plainDataObj)
  const now = new Date().toISOString()
  const row = await credentialsRepository(ctx.db).insert(scopeOf(principal), {
    id: randomUUID(),
    name: credential.name,
    credential_name: type.name,
    encrypted_data: encryptData(ctx, credential.plainDataObj),
    created_at: now,
    updated_at: now,
  })
  return toCredential(row)
}

/**
 * Renames, and replaces the field values when `plainDataObj` is sent: fields left out are
 * dropped, and a field sent as REDACTED_SECRET keeps its stored value. The type cannot change,
 * since the stored values belong to it.
 */
export async function updateCredential(
  ctx: AppContext,
  principal: Principal,
  id: string,
  update: Partial<NewCredential>,
): Promise<Credential> {
  const scope = scopeOf(principal)
  const row = await findOwnCredential(ctx, scope, id)
  if (update.credentialName !== undefined && update.credentialName !== row.credential_name) {
    throw badRequest('body.credentialName: a credential cannot change its type')
  }
  const patch: Partial<Pick<CredentialsTable, 'name' | 'encrypted_data'>> & { updated_at: string } = {
    updated_at: new Date().toISOString(),
  }
  if (update.name !== undefined) patch.name = update.name
  if (update.plainDataObj !== undefined) {
    const type = requireType(row.credential_name)
    const data = keepRedacted(type, update.plainDataObj, decryptData(ctx, row))
    checkFields(type, data)
    patch.encrypted_data = encryptData(ctx, data)
  }
  const updated = await credentialsRepository(ctx.db).update(scope, id, patch)
  if (!updated) throw notFound('Credential not found')
  announceChange(ctx, INVALIDATION_TOPICS.credential, id)
  return toCredential(updated)
}

export async function deleteCredential(ctx: AppContext, principal: Principal, id: string): Promise<{ id: string }> {
  if (!(await credentialsRepository(ctx.db).remove(scopeOf(principal), id))) throw notFound('Credential not found')
  announceChange(ctx, INVALIDATION_TOPICS.credential, id)
  return { id }
}

/**
 * The decrypted field values of a credential, for the engine to hand to a node. Only a credential
 * of the given workspace is found, or one another workspace shares with it read-only
 * (/workspace/shared): a flow can never use another workspace's secrets otherwise.
 */
export async function readCredentialData(ctx: AppContext, workspaceId: string, id: string): Promise<CredentialData> {
  try {
    return decryptData(ctx, await findOwnCredential(ctx, { workspaceId }, id))
  } catch (error) {
    const missing = error instanceof HttpError && error.statusCode === 404
    const shared = missing && (await isSharedWith(ctx.db, workspaceId, 'credential', id))
    const owner = shared ? await findItemWorkspace(ctx.db, 'credential', id) : undefined
    if (!owner) throw error
    return decryptData(ctx, await findOwnCredential(ctx, { workspaceId: owner }, id))
  }
}
