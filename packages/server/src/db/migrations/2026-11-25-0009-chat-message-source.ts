import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// Where a message was asked from, finer than chat_type: 'ui', 'api' or 'embed'. Rows stored before
// this migration keep null (their chat_type still tells the canvas from the rest).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('source', 'text').execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
