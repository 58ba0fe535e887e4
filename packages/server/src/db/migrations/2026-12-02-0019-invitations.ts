import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// Issue 24: invitations into a workspace with a role. The invited account is a users row with
// status 'invited' and its organization and workspace links (the workspace and role it will land
// in); this table says who invited it and when the last mail went out. The link itself stays an
// account_tokens row of purpose 'invite'.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'varchar(36)', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(36)', (c) => c.notNull())
    // Who sent it; no reference, so removing the inviter keeps the invitation.
    .addColumn('invited_by', 'varchar(36)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('invitations_organization').on('invitations').column('organization_id').execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
