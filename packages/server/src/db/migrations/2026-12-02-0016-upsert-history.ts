import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// Each vector upsert of a flow (Flowise's upsert history): its counts and the vector stores it wrote.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upsert_history')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('flow_id', 'varchar(36)', (c) => c.notNull().references('flows.id').onDelete('cascade'))
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('flow_data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('upsert_history_flow').on('upsert_history').columns(['flow_id', 'created_at']).execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
