import type { LoginResponse, User } from '@weft/core'
import { api } from './http'

/** The signed-in user as the server sees them now (SPEC §7 GET /user). */
export const getSignedInUser = () => api.get<User>('/user', { navigateOnForbidden: false })

export const switchWorkspace = (id: string) => api.post<LoginResponse>(`/workspace/switch?id=${encodeURIComponent(id)}`)

/** What a workspace holds, as GET /workspace counts it. */
export interface WorkspaceCounts {
  chatflows: number
  agentflows: number
  assistants: number
  credentials: number
  variables: number
  tools: number
  apiKeys: number
  documentStores: number
  customTemplates: number
  executions: number
  chatMessages: number
}

/** A workspace of the organization (Flowise's fields, with its member count and contents). */
export interface Workspace {
  id: string
  name: string
  description: string
  organizationId: string
  isDefault: boolean
  createdDate: string
  updatedDate: string
  userCount: number
  counts: WorkspaceCounts
}

export interface DeletedWorkspace {
  id: string
  name: string
  deleted: WorkspaceCounts & { members: number }
}

/** A member of a workspace (Flowise's WorkspaceUser with its user, role and workspace). */
export interface WorkspaceUser {
  workspaceId: string
  userId: string
  roleId: string | null
  status: string
  lastLogin: string | null
  createdDate: string
  /** An admin of the organization: holds every permission whatever the role here. */
  isOrgOwner: boolean
  user: { id: string; name: string; email: string; status: string }
  role: { id: string | null; name: string }
  workspace: { id: string; name: string }
}

/** A role one may hand out (GET /role). */
export interface Role {
  id: string
  organizationId: string | null
  name: string
  description: string
  builtIn: boolean
}

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
