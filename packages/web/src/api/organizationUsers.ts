import type { OrganizationUserStatus } from '@weft/core'
import { api } from './http'

/** One workspace of an organization's user, with their role there. */
export interface OrganizationUserWorkspace {
  workspaceId: string
  workspaceName: string
  roleId: string | null
  roleName: string
  lastLogin: string | null
}

/** A user of the organization as GET /organizationuser answers it. */
export interface OrganizationUser {
  organizationId: string
  userId: string
  roleId: string | null
  status: OrganizationUserStatus
  isOrganizationAdmin: boolean
  isOrgOwner: boolean
  createdDate: string
  lastLogin: string | null
  user: { id: string; name: string; email: string; status: string; lastLogin: string | null }
  /** The role in the signed-in user's active workspace; null when the user is not in it. */
  role: { id: string | null; name: string } | null
  workspaces: OrganizationUserWorkspace[]
  invitation: {
    invitedBy: { id: string; name: string; email: string } | null
    invitedAt: string
    sentAt: string
    expiresAt: string | null
    expired: boolean
  } | null
}

export interface InviteOptions {
  workspaces: { id: string; name: string }[]
  roles: { id: string; name: string; description: string; builtIn: boolean }[]
  defaultRoleId: string | null
  activeWorkspaceId: string
}

export interface NewInvitation {
  email: string
  workspaceId: string
  roleId: string
  name?: string
}

export interface InvitationPreview {
  email: string
  name: string
  organization: string
  workspace: string
  role: string
  invitedBy: string | null
  expiresAt: string
}

interface MessageResponse {
  message: string
}

const q = encodeURIComponent

export const listOrganizationUsers = (organizationId: string) =>
  api.get<OrganizationUser[]>(`/organizationuser?organizationId=${q(organizationId)}`)

export const updateOrganizationUser = (body: {
  organizationId: string
  userId: string
  status?: 'active' | 'disabled'
  roleId?: string
  isOrganizationAdmin?: boolean
}) => api.put<OrganizationUser>('/organizationuser', body)

export const removeOrganizationUser = (organizationId: string, userId: string) =>
  api.delete<MessageResponse>(`/organizationuser?organizationId=${q(organizationId)}&userId=${q(userId)}`)

/** The workspaces and roles the Invite dialog offers; a 403 stays on the screen. */
export const getInviteOptions = () => api.get<InviteOptions>('/account/invite/options', { navigateOnForbidden: false })

export const inviteUser = (body: NewInvitation) => api.post<MessageResponse & { id: string }>('/account/invite', body)

export const resendInvitation = (email: string) => api.post<MessageResponse>('/account/invite/resend', { email })

export const revokeInvitation = (email: string) => api.delete<MessageResponse>(`/account/invite?email=${q(email)}`)

/** The invitation a /register?token= link carries; answers 400 saying why when it cannot be used. */
export const previewInvitation = (token: string) => api.get<InvitationPreview>(`/account/invite?token=${q(token)}`)
