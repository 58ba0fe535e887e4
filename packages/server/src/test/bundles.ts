import { ALL_EXPORT_FLAGS, type ExportBundle } from '@weft/core'
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables.js'
import type { Browser } from './harness.js'

// Steps the export and import tests share, through the API as the web app takes them.

export const EXPORT_URL = '/api/v1/export-import/export'
export const IMPORT_URL = '/api/v1/export-import/import'

/** Every flag of the export dialog, all chosen (the dialog's default). */
export const EVERY_FLAG = Object.fromEntries(ALL_EXPORT_FLAGS.map((flag) => [flag, true]))

export async function exportAll(b: Browser, flags: Record<string, boolean> = EVERY_FLAG): Promise<ExportBundle> {
  const res = await b.post(EXPORT_URL, flags)
  if (res.status !== 200) throw new Error(`Export failed: ${JSON.stringify(res.body)}`)
  return res.body as ExportBundle
}

export async function importAll(b: Browser, bundle: unknown): Promise<void> {
  const res = await b.post(IMPORT_URL, bundle)
  if (res.status !== 200) throw new Error(`Import failed: ${JSON.stringify(res.body)}`)
}

const TABLES: (keyof Database)[] = [
  'users',
  'organizations',
  'roles',
  'organization_users',
  'workspaces',
  'workspace_users',
  'login_sessions',
  'refresh_tokens',
  'account_tokens',
  'login_activity',
  'flows',
  'credentials',
  'variables',
  'api_keys',
  'chat_messages',
  'chat_feedback',
  'leads',
  'executions',
  'document_stores',
  'document_store_loaders',
  'document_store_files',
  'document_store_chunks',
  'document_store_jobs',
  'document_store_records',
  'document_store_upserts',
  'tools',
  'assistants',
  'custom_templates',
]

/** How many rows each table of the database holds. */
export async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow()
    counts[table] = Number(row.count)
  }
  return counts
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

/**
 * A bundle's JSON text with every id replaced by its rank of first appearance (`<id 3>`), so two
 * exports of the same content compare equal whatever ids an import gave the records.
 */
export function withoutIds(bundle: unknown): string {
  const ranks = new Map<string, number>()
  return JSON.stringify(bundle, null, 1).replace(UUID, (id) => {
    const key = id.toLowerCase()
    if (!ranks.has(key)) ranks.set(key, ranks.size)
    return `<id ${ranks.get(key)}>`
  })
}
