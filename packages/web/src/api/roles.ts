import { api } from './http'

/** A role as GET /role answers it (Flowise's fields; the permissions as a list). */
export interface Role {
  id: string
  /** Null for a built-in role. */
  organizationId: string | null
  name: string
  description: string
  permissions: string[]
  builtIn: boolean
  /** People of the organization holding it. */
  userCount: number
  createdDate: string
  updatedDate: string
}

export interface RoleBody {
  name: string
  description: string
  permissions: string[]
}

/** The built-in roles, then the organization's own. */
export const listRoles = () => api.get<Role[]>('/role')

export const createRole = (body: RoleBody) => api.post<Role>('/role', body)

export const updateRole = (id: string, body: RoleBody) => api.put<Role>('/role', { id, ...body })

export const deleteRole = (id: string) => api.delete<unknown>(`/role/${encodeURIComponent(id)}`)
