import type { Kysely } from 'kysely'
import type { ApiKeyRow, Database } from '../tables.js'
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

/** The workspace's flows bound to each of the given keys, by key id. */
export async function listFlowsBoundToKeys(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  keyIds: readonly string[],
): Promise<Map<string, { id: string; name: string }[]>> {
  const bound = new Map<string, { id: string; name: string }[]>()
  if (keyIds.length === 0) return bound
  const rows = await db
    .selectFrom('flows')
    .select(['id', 'name', 'apikey_id'])
    .where('workspace_id', '=', scope.workspaceId)
    .where('apikey_id', 'in', keyIds)
    .orderBy('name')
    .execute()
  for (const row of rows) {
    if (!row.apikey_id) continue
    bound.set(row.apikey_id, [...(bound.get(row.apikey_id) ?? []), { id: row.id, name: row.name }])
  }
  return bound
}
