import type { InvitationPreview, InviteOptions, OrganizationUser } from '@weft/core'
import { api } from './http'

export interface NewInvitation {
  email: string
  workspaceId: string
  roleId: string
  name?: string
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
