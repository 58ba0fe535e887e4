import type { Insertable, Kysely, Selectable } from 'kysely'
import type { Database, DocumentStoreChunkRow } from '../tables.js'
import type { WorkspaceScope } from '../workspace-repository.js'

// The bulk reads and writes of a workspace's export and import, over every table a bundle holds.
// They read and write the tools, assistants and templates tables directly, as the bundle maps them.

/** The tables a bundle reads and writes; each row has an id, a workspace and a creation time. */
export type BundleTable =
  | 'flows'
  | 'chat_messages'
  | 'chat_feedback'
  | 'executions'
  | 'document_stores'
  | 'document_store_loaders'
  | 'tools'
  | 'variables'
  | 'assistants'
  | 'custom_templates'

type Dated = { owned: { id: string; workspace_id: string; created_at: string } }

/** Kysely cannot type a query over a table chosen by a type parameter; the signatures below are the typed ones. */
const anyTable = (db: Kysely<Database>) => db as unknown as Kysely<Dated>

/** Every row of the workspace in the table, oldest first, so an export lists records in a stable order. */
export async function listOwnedRows<T extends BundleTable>(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  table: T,
): Promise<Selectable<Database[T]>[]> {
  const rows = await anyTable(db)
    .selectFrom(table as unknown as 'owned')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows as unknown as Selectable<Database[T]>[]
}

/** The workspace's chunks, by loader and number. */
export function listOwnedChunks(db: Kysely<Database>, scope: WorkspaceScope): Promise<DocumentStoreChunkRow[]> {
  return db
    .selectFrom('document_store_chunks')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .orderBy('loader_id')
    .orderBy('chunk_no')
    .orderBy('id')
    .execute()
}

/** Values per statement stay far under SQLite's (32,766) and PostgreSQL's (65,535) bound-parameter limits. */
const VALUES_PER_INSERT = 8_000

/** Inserts rows in batches; meant to run inside the import's transaction. */
export async function insertRows<T extends BundleTable | 'document_store_chunks'>(
  trx: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0]
  if (!first) return
  const perBatch = Math.max(1, Math.floor(VALUES_PER_INSERT / Object.keys(first).length))
  const q = trx as unknown as Kysely<{ owned: Record<string, unknown> }>
  for (let start = 0; start < rows.length; start += perBatch) {
    await q
      .insertInto(table as unknown as 'owned')
      .values(rows.slice(start, start + perBatch) as Record<string, unknown>[])
      .execute()
  }
}

const ID_BATCH = 1_000

/** Which of `ids` the table holds, in any workspace. */
export async function existingIds(
  db: Kysely<Database>,
  table: BundleTable | 'document_store_chunks',
  ids: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>()
  const q = db as unknown as Kysely<{ owned: { id: string } }>
  for (let start = 0; start < ids.length; start += ID_BATCH) {
    const rows = await q
      .selectFrom(table as unknown as 'owned')
      .select('id')
      .where('id', 'in', ids.slice(start, start + ID_BATCH))
      .execute()
    for (const row of rows) found.add(row.id)
  }
  return found
}

/** Which of `ids` name rows of the workspace in the table. */
export async function ownedIds(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  table: 'flows' | 'chat_messages' | 'credentials' | 'api_keys',
  ids: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>()
  const q = db as unknown as Kysely<{ owned: { id: string; workspace_id: string } }>
  for (let start = 0; start < ids.length; start += ID_BATCH) {
    const rows = await q
      .selectFrom(table as unknown as 'owned')
      .select('id')
      .where('workspace_id', '=', scope.workspaceId)
      .where('id', 'in', ids.slice(start, start + ID_BATCH))
      .execute()
    for (const row of rows) found.add(row.id)
  }
  return found
}

/** Which of the workspace's messages among `ids` have feedback already. */
export async function ratedMessageIds(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .selectFrom('chat_feedback')
    .select('message_id')
    .where('workspace_id', '=', scope.workspaceId)
    .where('message_id', 'in', ids)
    .execute()
  return new Set(rows.map((row) => row.message_id))
}

/** The names of the workspace's variables. */
export async function variableNames(db: Kysely<Database>, scope: WorkspaceScope): Promise<Set<string>> {
  const rows = await db.selectFrom('variables').select('name').where('workspace_id', '=', scope.workspaceId).execute()
  return new Set(rows.map((row) => row.name))
}

/** Sets the run that started each execution, once both are written. */
export async function linkParentExecutions(
  trx: Kysely<Database>,
  scope: WorkspaceScope,
  links: readonly { id: string; parentId: string }[],
): Promise<void> {
  for (const link of links) {
    await trx
      .updateTable('executions')
      .set({ parent_execution_id: link.parentId })
      .where('workspace_id', '=', scope.workspaceId)
      .where('id', '=', link.id)
      .execute()
  }
}
