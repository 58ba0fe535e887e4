import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// The question is now stored when a run starts, so a row says how far its exchange got; rows
// written before this migration were stored complete.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_messages')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('complete'))
    .execute()
  await db.schema.createIndex('chat_messages_status').on('chat_messages').column('status').execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
