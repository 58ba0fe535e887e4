import type { OrganizationUserStatus } from '../auth/account-rules.js'
import type { RoleChoice } from './role.js'

/** One workspace of an organization's user, with their role there. */
export interface OrganizationUserWorkspace {
  workspaceId: string
  workspaceName: string
  roleId: string | null
  roleName: string
  lastLogin: string | null
}

/** A pending invitation: who sent it and when, and when its link stops working. */
export interface PendingInvitation {
  invitedBy: { id: string; name: string; email: string } | null
  invitedAt: string
  sentAt: string
  expiresAt: string | null
  expired: boolean
}

/** A user of the organization as GET /organizationuser answers it (Flowise's OrganizationUser with its user). */
export interface OrganizationUser {
  organizationId: string
  userId: string
  /** The organization-level role (Flowise's roleId); the workspaces carry the roles that grant permissions. */
  roleId: string | null
  status: OrganizationUserStatus
  isOrganizationAdmin: boolean
  /** The user created the organization: they stay in it and in every workspace. */
  isOrgOwner: boolean
  createdDate: string
  lastLogin: string | null
  user: { id: string; name: string; email: string; status: string; lastLogin: string | null }
  /** The role in the caller's active workspace; null when the user is not in it. */
  role: { id: string | null; name: string } | null
  workspaces: OrganizationUserWorkspace[]
  invitation: PendingInvitation | null
}

/** What the Invite dialog offers (GET /account/invite/options): the workspaces one may invite into and the roles. */
export interface InviteOptions {
  workspaces: { id: string; name: string }[]
  roles: RoleChoice[]
  defaultRoleId: string | null
  activeWorkspaceId: string
}

/** What the registration page shows of an invitation (GET /account/invite?token=) before the invited person sets a name and password. */
export interface InvitationPreview {
  email: string
  name: string
  organization: string
  workspace: string
  role: string
  invitedBy: string | null
  expiresAt: string
}
