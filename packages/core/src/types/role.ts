/** A role as /role answers it: Flowise's fields, with the permissions as a list. */
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

/** A role as the Invite dialog offers it. */
export type RoleChoice = Pick<Role, 'id' | 'name' | 'description' | 'builtIn'>
