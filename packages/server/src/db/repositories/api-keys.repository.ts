import type { Kysely } from 'kysely'
import type { FlowType } from '@weft/core'
import type { ApiKeyRow, Database, FlowRow } from '../tables.js'
import { workspaceRepository, type WorkspaceScope } from '../workspace-repository.js'

/** API keys of the caller's workspace: find, insert, update and remove by id. */
export const apiKeysRepository = (db: Kysely<Database>) => workspaceRepository(db, 'api_keys')

/** The workspace's keys, newest first. */
export function listApiKeyRows(db: Kysely<Database>, scope: WorkspaceScope): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute()
}

/**
 * The key with this hash, in any workspace: a bearer of an API key has no workspace until the
 * key names one. Comparing hashes in SQL leaks nothing about the key through timing.
 */
export function findApiKeyByHash(db: Kysely<Database>, keyHash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst()
}

/** A flow as a key's list names it: enough to show it and link to its canvas. */
export interface BoundFlow {
  id: string
  name: string
  type: FlowType
}

/** The workspace's flows bound to each of the given keys, by key id. */
export async function listFlowsBoundToKeys(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  keyIds: readonly string[],
): Promise<Map<string, BoundFlow[]>> {
  const bound = new Map<string, BoundFlow[]>()
  if (keyIds.length === 0) return bound
  const rows = await db
    .selectFrom('flows')
    .select(['id', 'name', 'type', 'apikey_id'])
    .where('workspace_id', '=', scope.workspaceId)
    .where('apikey_id', 'in', keyIds)
    .orderBy('name')
    .execute()
  for (const row of rows) {
    if (!row.apikey_id) continue
    bound.set(row.apikey_id, [...(bound.get(row.apikey_id) ?? []), { id: row.id, name: row.name, type: row.type }])
  }
  return bound
}

type BindingRow = Pick<FlowRow, 'id' | 'name' | 'type' | 'apikey_id'>

/** The workspace's flows that are named by id or bound to the key: those a new set of bindings can touch. */
export function listFlowsForBinding(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  keyId: string | null,
  flowIds: readonly string[],
): Promise<BindingRow[]> {
  if (!keyId && flowIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('flows')
    .select(['id', 'name', 'type', 'apikey_id'])
    .where('workspace_id', '=', scope.workspaceId)
    .where((eb) => {
      const named = flowIds.length > 0 ? [eb('id', 'in', flowIds)] : []
      return eb.or(keyId ? [...named, eb('apikey_id', '=', keyId)] : named)
    })
    .execute()
}

/** Binds the flows to the key (a flow holds one key, so this moves them from any other) and unbinds others from it. */
export async function setKeyOfFlows(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  keyId: string,
  change: { bind: readonly string[]; unbind: readonly string[] },
): Promise<void> {
  const updatedAt = new Date().toISOString()
  const flows = () => db.updateTable('flows').where('workspace_id', '=', scope.workspaceId)
  if (change.bind.length > 0)
    await flows().set({ apikey_id: keyId, updated_at: updatedAt }).where('id', 'in', change.bind).execute()
  if (change.unbind.length > 0)
    await flows()
      .set({ apikey_id: null, updated_at: updatedAt })
      .where('id', 'in', change.unbind)
      .where('apikey_id', '=', keyId)
      .execute()
}

/** The organization a workspace belongs to, as a key's caller needs it: its id and its plan. */
export function findWorkspaceOrganization(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<{ id: string; plan: string } | undefined> {
  return db
    .selectFrom('workspaces')
    .innerJoin('organizations', 'organizations.id', 'workspaces.organization_id')
    .select(['organizations.id as id', 'organizations.plan as plan'])
    .where('workspaces.id', '=', workspaceId)
    .executeTakeFirst()
}

/** The workspace's flows bound to the key and, when asked, those bound to no key; by name. */
export function listFlowsOfKey(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  keyId: string,
  withUnbound: boolean,
): Promise<FlowRow[]> {
  return db
    .selectFrom('flows')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where((eb) =>
      withUnbound ? eb.or([eb('apikey_id', '=', keyId), eb('apikey_id', 'is', null)]) : eb('apikey_id', '=', keyId),
    )
    .orderBy('name')
    .orderBy('id')
    .execute()
}
