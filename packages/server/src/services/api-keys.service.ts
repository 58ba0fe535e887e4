import { randomUUID } from 'node:crypto'
import { flowPermission, hasPermission, type ApiKey, type CreatedApiKey } from '@weft/core'
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
  setKeyOfFlows,
} from '../db/repositories/api-keys.repository.js'
import type { ApiKeyRow, Database } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { badRequest, forbidden, notFound } from '../http-error.js'

/** Every key starts so, which tells it apart from an access token in the same Authorization header. */
export const API_KEY_PREFIX = 'wft_'
const PREVIEW_LENGTH = 8

const scopeOf = (principal: Principal): WorkspaceScope => ({ workspaceId: principal.workspaceId })

const toApiKey = (row: ApiKeyRow, chatFlows: ApiKey['chatFlows']): ApiKey => ({
  id: row.id,
  keyName: row.key_name,
  keyPreview: row.key_preview,
  workspaceId: row.workspace_id,
  createdDate: row.created_at,
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

/** What the create and update routes take; without flowIds the key's flows stay as they are. */
export interface ApiKeyInput {
  keyName: string
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

const applyFlowChange = (db: Kysely<Database>, scope: WorkspaceScope, keyId: string, change: FlowChange) =>
  change.bind.length + change.unbind.length > 0 ? setKeyOfFlows(db, scope, keyId, change) : undefined

/** Makes a key, bound to the given flows, and answers it in full: the only time, since only its hash is stored. */
export async function createApiKey(ctx: AppContext, principal: Principal, input: ApiKeyInput): Promise<CreatedApiKey> {
  const scope = scopeOf(principal)
  const change = await planFlowChange(ctx, principal, null, input.flowIds)
  const apiKey = `${API_KEY_PREFIX}${randomToken()}`
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await apiKeysRepository(trx).insert(scope, {
      id: randomUUID(),
      key_name: input.keyName,
      key_hash: hashToken(apiKey),
      key_preview: `${apiKey.slice(0, PREVIEW_LENGTH)}…`,
      created_at: new Date().toISOString(),
    })
    await applyFlowChange(trx, scope, inserted.id, change)
    return inserted
  })
  const [created] = await withBoundFlows(ctx, scope, [row])
  return { ...created!, apiKey }
}

/** Renames a key and, when flowIds is given, makes those exactly the flows bound to it. */
export async function updateApiKey(
  ctx: AppContext,
  principal: Principal,
  id: string,
  input: ApiKeyInput,
): Promise<ApiKey> {
  const scope = scopeOf(principal)
  if (!(await apiKeysRepository(ctx.db).find(scope, id))) throw notFound('API key not found')
  const change = await planFlowChange(ctx, principal, id, input.flowIds)
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await apiKeysRepository(trx).update(scope, id, { key_name: input.keyName })
    if (!updated) throw notFound('API key not found')
    await applyFlowChange(trx, scope, id, change)
    return updated
  })
  const [updated] = await withBoundFlows(ctx, scope, [row])
  return updated!
}

/** Deleting a key unbinds its flows (the foreign key sets theirs to null). */
export async function deleteApiKey(ctx: AppContext, principal: Principal, id: string): Promise<{ id: string }> {
  if (!(await apiKeysRepository(ctx.db).remove(scopeOf(principal), id))) throw notFound('API key not found')
  return { id }
}

/** The key a bearer presents, with its workspace, or undefined when no stored key has its hash. */
export async function verifyApiKey(
  ctx: AppContext,
  rawKey: string,
): Promise<{ id: string; workspaceId: string } | undefined> {
  if (!rawKey.startsWith(API_KEY_PREFIX)) return undefined
  const row = await findApiKeyByHash(ctx.db, hashToken(rawKey))
  return row && { id: row.id, workspaceId: row.workspace_id }
}
