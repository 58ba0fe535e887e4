import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('flows')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('flow_data', 'text', (c) => c.notNull())
    .addColumn('deployed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'text')
    .addColumn('chatbot_config', 'text')
    .addColumn('api_config', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute()

  await db.schema.createIndex('flows_workspace_type').on('flows').columns(['workspace_id', 'type']).execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
