import type { Kysely } from 'kysely'
import type { Database } from '../tables.js'

/** A pending invitation with the invited account and its sender, as the users list shows it. */
export interface InvitationRow {
  user_id: string
  email: string
  organization_id: string
  workspace_id: string
  role_id: string
  invited_by: string | null
  inviter_name: string | null
  inviter_email: string | null
  created_at: string
  sent_at: string
}

const invitationQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('invitations')
    .innerJoin('users', 'users.id', 'invitations.user_id')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .select([
      'invitations.user_id',
      'users.email',
      'invitations.organization_id',
      'invitations.workspace_id',
      'invitations.role_id',
      'invitations.invited_by',
      'inviter.name as inviter_name',
      'inviter.email as inviter_email',
      'invitations.created_at',
      'invitations.sent_at',
    ])
    // Only accounts still waiting: once registered (or signed in by SSO) the row is history.
    .where('users.status', '=', 'invited')

export const listInvitations = (db: Kysely<Database>, organizationId: string): Promise<InvitationRow[]> =>
  invitationQuery(db).where('invitations.organization_id', '=', organizationId).execute()

export const findInvitation = (
  db: Kysely<Database>,
  organizationId: string,
  userId: string,
): Promise<InvitationRow | undefined> =>
  invitationQuery(db)
    .where('invitations.organization_id', '=', organizationId)
    .where('invitations.user_id', '=', userId)
    .executeTakeFirst()

/** Writes the invitation of an account, replacing an earlier one of the same account. */
export async function saveInvitation(
  db: Kysely<Database>,
  i: {
    userId: string
    organizationId: string
    workspaceId: string
    roleId: string
    invitedBy: string | null
    now: string
  },
): Promise<void> {
  await db.deleteFrom('invitations').where('user_id', '=', i.userId).execute()
  await db
    .insertInto('invitations')
    .values({
      user_id: i.userId,
      organization_id: i.organizationId,
      workspace_id: i.workspaceId,
      role_id: i.roleId,
      invited_by: i.invitedBy,
      created_at: i.now,
      sent_at: i.now,
    })
    .execute()
}

export async function markInvitationSent(db: Kysely<Database>, userId: string, now: string): Promise<void> {
  await db.updateTable('invitations').set({ sent_at: now }).where('user_id', '=', userId).execute()
}

export async function deleteInvitation(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('invitations').where('user_id', '=', userId).execute()
}

/** The state of an invitation link, whether or not it can still be used (to say why not). */
export interface InviteToken {
  user_id: string
  expires_at: string
  used_at: string | null
}

export const findInviteToken = (db: Kysely<Database>, tokenHash: string): Promise<InviteToken | undefined> =>
  db
    .selectFrom('account_tokens')
    .select(['user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', 'invite')
    .executeTakeFirst()

/** When the account's newest invitation link stops working, if it has one. */
export async function latestInviteExpiry(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('account_tokens')
    .select('expires_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'invite')
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
  return row?.expires_at
}
