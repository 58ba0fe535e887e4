import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// Issue 24: the audit log (who created, changed, deleted, shared, exported or imported which
// object, when, from which address) and an index for listing a person's login activity.
// No request or answer body is ever stored: only the names below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('workspace_id', 'varchar(36)')
    // The person, or the API key (then actor_user_id is null); no references, so the entry outlives them.
    .addColumn('actor_user_id', 'varchar(36)')
    .addColumn('actor_api_key_id', 'varchar(36)')
    .addColumn('actor_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('actor_email', 'varchar(255)')
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(255)')
    .addColumn('object_name', 'varchar(255)')
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('route', 'varchar(255)', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('audit_log_organization_created')
    .on('audit_log')
    .columns(['organization_id', 'created_at'])
    .execute()
  await db.schema.createIndex('login_activity_user').on('login_activity').column('user_id').execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
