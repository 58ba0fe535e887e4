import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// What an API key may do on the management API (Flowise's `permissions`, a JSON list). Keys made
// before keep doing only what they did: run the flows bound to them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('permissions', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
