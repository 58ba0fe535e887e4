import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// Issue 24: what an owner shares read-only with other workspaces (Flowise's WorkspaceShared):
// one row per item and workspace it is shared with. The item stays in its own workspace.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workspace_shares')
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('shared_item_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('item_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_shares_pk', ['workspace_id', 'shared_item_id'])
    .execute()
  await db.schema.createIndex('workspace_shares_item').on('workspace_shares').column('shared_item_id').execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
