import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// Issue 24: single sign-on provider configurations, one per organization and provider. The
// provider's plain fields (tenant id, domain, issuer, client id, label) are JSON text; the client
// secret is encrypted like credentials' data.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_configs')
    .addColumn('organization_id', 'varchar(36)', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('client_secret', 'text')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_configs_pk', ['organization_id', 'provider'])
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
