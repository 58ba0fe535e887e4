import type { Insertable, Kysely } from 'kysely'
import type { ApiKeysTable, CredentialsTable, Database, LeadsTable, WorkspaceRow } from '../tables.js'

// The reads and writes of a Flowise migration beyond those of an Export All import: which ids are
// taken and by which workspace, and the credentials, API keys and leads an export does not carry.

/** Every table a migration writes records with ids into. */
export type MigratedTable =
  | 'flows'
  | 'assistants'
  | 'chat_messages'
  | 'chat_feedback'
  | 'executions'
  | 'document_stores'
  | 'document_store_loaders'
  | 'document_store_chunks'
  | 'tools'
  | 'variables'
  | 'custom_templates'
  | 'credentials'
  | 'api_keys'
  | 'leads'

const ID_BATCH = 1_000

/** The workspace of each of `ids` the table holds. */
export async function workspacesOfIds(
  db: Kysely<Database>,
  table: MigratedTable,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  // Kysely cannot type a query over a table chosen at run time; every one of these has both columns.
  const q = db as unknown as Kysely<{ owned: { id: string; workspace_id: string } }>
  for (let start = 0; start < ids.length; start += ID_BATCH) {
    const rows = await q
      .selectFrom(table as unknown as 'owned')
      .select(['id', 'workspace_id'])
      .where('id', 'in', ids.slice(start, start + ID_BATCH))
      .execute()
    for (const row of rows) found.set(row.id, row.workspace_id)
  }
  return found
}

/** The workspace of each stored key among the hashes. */
export async function workspacesOfKeyHashes(
  db: Kysely<Database>,
  hashes: readonly string[],
): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map()
  const rows = await db
    .selectFrom('api_keys')
    .select(['key_hash', 'workspace_id'])
    .where('key_hash', 'in', hashes)
    .execute()
  return new Map(rows.map((row) => [row.key_hash, row.workspace_id]))
}

/** The workspace with the id, or the oldest one when no id is given. */
export function findTargetWorkspace(db: Kysely<Database>, id: string | undefined): Promise<WorkspaceRow | undefined> {
  const query = db.selectFrom('workspaces').selectAll()
  return (id ? query.where('id', '=', id) : query.orderBy('created_at').orderBy('id')).executeTakeFirst()
}

/** Rows per statement, far under both databases' bound-parameter limits for these narrow tables. */
const ROWS_PER_INSERT = 500

async function insertInBatches<T extends 'credentials' | 'api_keys' | 'leads'>(
  trx: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  const q = trx as unknown as Kysely<{ owned: Record<string, unknown> }>
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await q
      .insertInto(table as unknown as 'owned')
      .values(rows.slice(start, start + ROWS_PER_INSERT) as Record<string, unknown>[])
      .execute()
  }
}

export const insertCredentials = (trx: Kysely<Database>, rows: readonly Insertable<CredentialsTable>[]) =>
  insertInBatches(trx, 'credentials', rows)

export const insertApiKeys = (trx: Kysely<Database>, rows: readonly Insertable<ApiKeysTable>[]) =>
  insertInBatches(trx, 'api_keys', rows)

export const insertLeads = (trx: Kysely<Database>, rows: readonly Insertable<LeadsTable>[]) =>
  insertInBatches(trx, 'leads', rows)
