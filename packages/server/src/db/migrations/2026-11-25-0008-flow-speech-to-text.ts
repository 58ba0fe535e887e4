import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// A flow's speech to text providers (Flowise's `speechToText`, JSON text): off while null.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('flows').addColumn('speech_to_text', 'text').execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
