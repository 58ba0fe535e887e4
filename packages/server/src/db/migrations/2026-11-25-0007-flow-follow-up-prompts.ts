import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// Follow-up prompts, as Flowise keeps them: the flow's setting (JSON text, `{"status":true,…}`)
// and, on each answer, the questions offered after it (JSON text of a list).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('flows').addColumn('follow_up_prompts', 'text').execute()
  await db.schema.alterTable('chat_messages').addColumn('follow_up_prompts', 'text').execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
