import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// The files a user's message carried, as Flowise records them (`fileUploads`): JSON text of
// `[{ type: 'stored-file' | 'url', name, mime, data? }]`, or null.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('file_uploads', 'text').execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
