import type { Role } from '@weft/core'
import { api } from './http'

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
