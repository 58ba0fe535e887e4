import { randomUUID } from 'node:crypto'
import {
  flowPermission,
  hasPermission,
  refusedKeyPermission,
  type ApiKey,
  type CreatedApiKey,
  type Flow,
} from '@weft/core'
import type { Kysely } from 'kysely'
import { accessContext } from '../auth/authenticate.js'
import type { Principal } from '../auth/principal.js'
import { hashToken, randomToken } from '../auth/secrets.js'
import type { AppContext } from '../context.js'
import {
  apiKeysRepository,
  findApiKeyByHash,
  listApiKeyRows,
  listFlowsBoundToKeys,
  listFlowsForBinding,
  listFlowsOfKey,
  setKeyOfFlows,
} from '../db/repositories/api-keys.repository.js'
import type { ApiKeyRow, Database } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { badRequest, forbidden, notFound, unauthorized } from '../http-error.js'
import { INVALIDATION_TOPICS } from '../shared/invalidation.js'
import { announceChange } from '../shared/shared-state.js'
import { toFlow } from './flows.service.js'

/** Every key starts so, which tells it apart from an access token in the same Authorization header. */
export const API_KEY_PREFIX = 'wft_'
/** A key migrated from Flowise keeps its form, 32 random bytes in base64url: no prefix, and no dot as a session's token has. */
const FLOWISE_KEY = /^[A-Za-z0-9_-]{43}$/

/** Whether a bearer is an API key (Weft's or one migrated from Flowise) rather than a session's token. */
export const isApiKeyForm = (raw: string): boolean => raw.startsWith(API_KEY_PREFIX) || FLOWISE_KEY.test(raw)
const PREVIEW_LENGTH = 8

const scopeOf = (principal: Principal): WorkspaceScope => ({ workspaceId: principal.workspaceId })

/** A key's stored permission list; anything but a list of strings reads as none. */
export const keyPermissionsOf = (row: Pick<ApiKeyRow, 'permissions'>): string[] => {
  const value: unknown = JSON.parse(row.permissions)
  return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : []
}

const toApiKey = (row: ApiKeyRow, chatFlows: ApiKey['chatFlows']): ApiKey => ({
  id: row.id,
  keyName: row.key_name,
  keyPreview: row.key_preview,
  workspaceId: row.workspace_id,
  createdDate: row.created_at,
  permissions: keyPermissionsOf(row),
  chatFlows,
})

async function withBoundFlows(ctx: AppContext, scope: WorkspaceScope, rows: ApiKeyRow[]): Promise<ApiKey[]> {
  const bound = await listFlowsBoundToKeys(
    ctx.db,
    scope,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toApiKey(row, bound.get(row.id) ?? []))
}

/** The workspace's keys, each with the flows bound to it; never the keys themselves. */
export async function listApiKeys(ctx: AppContext, principal: Principal): Promise<ApiKey[]> {
  const scope = scopeOf(principal)
  return withBoundFlows(ctx, scope, await listApiKeyRows(ctx.db, scope))
}

/** What the create and update routes take; without flowIds (or permissions) those stay as they are. */
export interface ApiKeyInput {
  keyName: string
  /** What the key may do on the management API; checked against what the caller holds. */
  permissions?: string[] | undefined
  /** Every flow the key should be bound to: the listed ones are bound (moved from any other key), the rest unbound. */
  flowIds?: string[] | undefined
}

type FlowChange = { bind: string[]; unbind: string[] }
const NO_CHANGE: FlowChange = { bind: [], unbind: [] }

/**
 * Which flows a new set of bindings binds and unbinds, refusing before anything is written: an id
 * that is not a flow of the workspace (400, naming it), or a changed flow whose type the caller
 * may not update (403, naming it). Flows that keep their binding need no permission.
 */
async function planFlowChange(
  ctx: AppContext,
  principal: Principal,
  keyId: string | null,
  flowIds: readonly string[] | undefined,
): Promise<FlowChange> {
  if (flowIds === undefined) return NO_CHANGE
  const wanted = new Set(flowIds)
  const rows = await listFlowsForBinding(ctx.db, scopeOf(principal), keyId, [...wanted])
  const missing = [...wanted].find((id) => !rows.some((row) => row.id === id))
  if (missing) throw badRequest(`body.flowIds: ${missing} is not a flow of this workspace`)
  // A new key (no id yet) has no flows: every wanted flow is bound to it.
  const isBound = (row: { apikey_id: string | null }) => keyId !== null && row.apikey_id === keyId
  const bind = rows.filter((row) => wanted.has(row.id) && !isBound(row))
  const unbind = rows.filter((row) => !wanted.has(row.id) && isBound(row))
  const access = accessContext(ctx.config.platform, principal)
  const refused = [...bind, ...unbind].find((row) => !hasPermission(access, flowPermission(row.type, 'update')))
  if (refused) throw forbidden(`You do not have permission to change the API key of flow ${refused.name}`)
  return { bind: bind.map((row) => row.id), unbind: unbind.map((row) => row.id) }
}

/** The permissions to store, refused (403, naming one) when the caller does not hold them all itself. */
function grantedPermissions(ctx: AppContext, principal: Principal, wanted: readonly string[]): string {
  const refused = refusedKeyPermission(accessContext(ctx.config.platform, principal), wanted)
  if (refused) throw forbidden(`You cannot give an API key the permission ${refused}, which you do not hold`)
  return JSON.stringify([...new Set(wanted)])
}

const applyFlowChange = (db: Kysely<Database>, scope: WorkspaceScope, keyId: string, change: FlowChange) =>
  change.bind.length + change.unbind.length > 0 ? setKeyOfFlows(db, scope, keyId, change) : undefined

/** Makes a key, bound to the given flows, and answers it in full: the only time, since only its hash is stored. */
export async function createApiKey(ctx: AppContext, principal: Principal, input: ApiKeyInput): Promise<CreatedApiKey> {
  const scope = scopeOf(principal)
  const permissions = grantedPermissions(ctx, principal, input.permissions ?? [])
  const change = await planFlowChange(ctx, principal, null, input.flowIds)
  const apiKey = `${API_KEY_PREFIX}${randomToken()}`
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await apiKeysRepository(trx).insert(scope, {
      id: randomUUID(),
      key_name: input.keyName,
      key_hash: hashToken(apiKey),
      key_preview: `${apiKey.slice(0, PREVIEW_LENGTH)}…`,
      permissions,
      created_at: new Date().toISOString(),
    })
    await applyFlowChange(trx, scope, inserted.id, change)
    return inserted
  })
  const [created] = await withBoundFlows(ctx, scope, [row])
  return { ...created!, apiKey }
}

/** Renames a key and, when given, sets its permissions and makes flowIds exactly the flows bound to it. */
export async function updateApiKey(
  ctx: AppContext,
  principal: Principal,
  id: string,
  input: ApiKeyInput,
): Promise<ApiKey> {
  const scope = scopeOf(principal)
  if (!(await apiKeysRepository(ctx.db).find(scope, id))) throw notFound('API key not found')
  const permissions = input.permissions && grantedPermissions(ctx, principal, input.permissions)
  const change = await planFlowChange(ctx, principal, id, input.flowIds)
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await apiKeysRepository(trx).update(scope, id, {
      key_name: input.keyName,
      ...(permissions === undefined ? {} : { permissions }),
    })
    if (!updated) throw notFound('API key not found')
    await applyFlowChange(trx, scope, id, change)
    return updated
  })
  announceChange(ctx, INVALIDATION_TOPICS.apiKey, id)
  const [updated] = await withBoundFlows(ctx, scope, [row])
  return updated!
}

/** Deleting a key unbinds its flows (the foreign key sets theirs to null). */
export async function deleteApiKey(ctx: AppContext, principal: Principal, id: string): Promise<{ id: string }> {
  if (!(await apiKeysRepository(ctx.db).remove(scopeOf(principal), id))) throw notFound('API key not found')
  announceChange(ctx, INVALIDATION_TOPICS.apiKey, id)
  return { id }
}

/** A key as its bearer is let in: which key, its workspace and what it may do. */
export interface VerifiedApiKey {
  id: string
  workspaceId: string
  permissions: string[]
}

/** The key a bearer presents, or undefined when no stored key has its hash. */
export async function verifyApiKey(ctx: AppContext, rawKey: string): Promise<VerifiedApiKey | undefined> {
  if (!isApiKeyForm(rawKey)) return undefined
  const row = await findApiKeyByHash(ctx.db, hashToken(rawKey))
  return row && { id: row.id, workspaceId: row.workspace_id, permissions: keyPermissionsOf(row) }
}

/** Flowise's answer when the key in the path is none. */
export const UNKNOWN_KEY = 'Unauthorized'

/** Flowise's `GET /verify/apikey/:key`: 'OK' for a stored key, 401 otherwise. */
export async function verifyKeyInPath(ctx: AppContext, rawKey: string): Promise<'OK'> {
  if (!(await verifyApiKey(ctx, rawKey))) throw unauthorized(UNKNOWN_KEY)
  return 'OK'
}

/**
 * Flowise's `GET /chatflows/apikey/:key`: the flows of the key's workspace that the key may run,
 * those bound to it, and unless `keyOnly` those bound to no key whose type the key may view.
 */
export async function flowsOfKeyInPath(ctx: AppContext, rawKey: string, keyOnly: boolean): Promise<Flow[]> {
  const key = await verifyApiKey(ctx, rawKey)
  if (!key) throw unauthorized(UNKNOWN_KEY)
  const rows = await listFlowsOfKey(ctx.db, { workspaceId: key.workspaceId }, key.id, !keyOnly)
  const asKey = {
    platform: ctx.config.platform,
    isGlobal: false,
    isApiKey: true,
    permissions: key.permissions,
    features: {},
  }
  return rows
    .filter((row) => row.apikey_id === key.id || hasPermission(asKey, flowPermission(row.type, 'view')))
    .map(toFlow)
}
