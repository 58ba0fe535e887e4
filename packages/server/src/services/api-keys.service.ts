import { randomUUID } from 'node:crypto'
import type { ApiKey, CreatedApiKey } from '@weft/core'
import type { Principal } from '../auth/principal.js'
import { hashToken, randomToken } from '../auth/secrets.js'
import type { AppContext } from '../context.js'
import {
  apiKeysRepository,
  findApiKeyByHash,
  listApiKeyRows,
  listFlowsBoundToKeys,
} from '../db/repositories/api-keys.repository.js'
import type { ApiKeyRow } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { notFound } from '../http-error.js'

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

/** Makes a key and answers it in full: the only time, since only its hash is stored. */
export async function createApiKey(ctx: AppContext, principal: Principal, keyName: string): Promise<CreatedApiKey> {
  const apiKey = `${API_KEY_PREFIX}${randomToken()}`
  const row = await apiKeysRepository(ctx.db).insert(scopeOf(principal), {
    id: randomUUID(),
    key_name: keyName,
    key_hash: hashToken(apiKey),
    key_preview: `${apiKey.slice(0, PREVIEW_LENGTH)}…`,
    created_at: new Date().toISOString(),
  })
  return { ...toApiKey(row, []), apiKey }
}

export async function renameApiKey(
  ctx: AppContext,
  principal: Principal,
  id: string,
  keyName: string,
): Promise<ApiKey> {
  const scope = scopeOf(principal)
  const row = await apiKeysRepository(ctx.db).update(scope, id, { key_name: keyName })
  if (!row) throw notFound('API key not found')
  const bound = await listFlowsBoundToKeys(ctx.db, scope, [row.id])
  return toApiKey(row, bound.get(row.id) ?? [])
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
