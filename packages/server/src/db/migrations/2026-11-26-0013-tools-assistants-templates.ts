import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tools')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('color', 'varchar(50)', (c) => c.notNull())
    .addColumn('icon_src', 'text')
    .addColumn('schema', 'text')
    .addColumn('func', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('tools_workspace').on('tools').column('workspace_id').execute()

  await db.schema
    .createTable('assistants')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('credential', 'varchar(36)')
    .addColumn('icon_src', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('assistants_workspace_type').on('assistants').columns(['workspace_id', 'type']).execute()

  await db.schema
    .createTable('custom_templates')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('flow_data', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('badge', 'varchar(50)')
    .addColumn('framework', 'varchar(100)')
    .addColumn('usecases', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('custom_templates_workspace').on('custom_templates').column('workspace_id').execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
