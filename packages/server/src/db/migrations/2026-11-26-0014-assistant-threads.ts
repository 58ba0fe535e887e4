import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// The provider thread (OpenAI, Azure) of each chat session with an assistant kept at a provider.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('assistant_threads')
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('assistant_id', 'varchar(36)', (c) => c.notNull().references('assistants.id').onDelete('cascade'))
    .addColumn('session_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('thread_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('assistant_threads_pk', ['assistant_id', 'session_id'])
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
