import type { DeletedWorkspace, LoginResponse, Role, User, Workspace, WorkspaceUser } from '@weft/core'
import { api } from './http'

/** The signed-in user as the server sees them now (SPEC §7 GET /user). */
export const getSignedInUser = () => api.get<User>('/user', { navigateOnForbidden: false })

export const switchWorkspace = (id: string) => api.post<LoginResponse>(`/workspace/switch?id=${encodeURIComponent(id)}`)

const q = encodeURIComponent

export const listWorkspaces = (organizationId: string) =>
  api.get<Workspace[]>(`/workspace?organizationId=${q(organizationId)}`)

export const getWorkspace = (id: string) => api.get<Workspace>(`/workspace?id=${q(id)}`)

/** Answers 409 when the organization already has a workspace of that name. */
export const createWorkspace = (body: { name: string; description: string }) => api.post<Workspace>('/workspace', body)

export const updateWorkspace = (body: { id: string; name?: string; description?: string }) =>
  api.put<Workspace>('/workspace', body)

export const deleteWorkspace = (id: string) => api.delete<DeletedWorkspace>(`/workspace/${q(id)}`)

export const listWorkspaceUsers = (workspaceId: string) =>
  api.get<WorkspaceUser[]>(`/workspaceuser?workspaceId=${q(workspaceId)}`)

/** Every membership in the organization's workspaces the caller may see: the people one can add. */
export const listOrganizationMembers = (organizationId: string) =>
  api.get<WorkspaceUser[]>(`/workspaceuser?organizationId=${q(organizationId)}`)

export const linkUsers = (workspaceId: string, users: { userId: string; roleId: string }[]) =>
  api.post<WorkspaceUser[]>(`/workspace/link-users/${q(workspaceId)}`, { users })

export const unlinkUsers = (workspaceId: string, userIds: string[]) =>
  api.post<WorkspaceUser[]>(`/workspace/unlink-users/${q(workspaceId)}`, { userIds })

export const updateWorkspaceUser = (body: { workspaceId: string; userId: string; roleId: string }) =>
  api.put<WorkspaceUser>('/workspaceuser', body)

export const listRoles = (organizationId: string) => api.get<Role[]>(`/role?organizationId=${q(organizationId)}`)
