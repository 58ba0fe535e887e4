/** The three editions; read from PLATFORM_TYPE. */
export type PlatformType = 'open source' | 'enterprise' | 'cloud'

/** A map of feature flag to enabled; the text 'true' also counts as enabled (SPEC §3). */
export type Features = Record<string, boolean | 'true' | 'false'>

export type UserStatus = 'active' | 'unverified' | 'invited' | 'disabled'

export interface AssignedWorkspace {
  id: string
  name: string
}

/** The user as the client sees it (SPEC §3 "User"). Never holds secrets. */
export interface User {
  id: string
  email: string
  name: string
  status: UserStatus
  role: string
  isSSO: boolean
  activeOrganizationId: string
  activeOrganizationSubscriptionId: string | null
  activeOrganizationCustomerId: string | null
  activeOrganizationProductId: string | null
  activeWorkspaceId: string
  activeWorkspace: string
  lastLogin: string | null
  isOrganizationAdmin: boolean
  assignedWorkspaces: AssignedWorkspace[]
  permissions: string[]
}

/** What login, refresh and workspace switch answer: the user plus token, permissions and features. */
export interface LoginResponse extends User {
  token: string
  features: Features
}

export interface LogoutResponse {
  message: 'logged_out'
  redirectTo: string
}

export interface VersionInfo {
  version: string
}

export interface Settings {
  PLATFORM_TYPE: PlatformType
  /** The largest flow save or import file the server takes, in MB (WEFT_FLOW_BODY_LIMIT_MB). */
  FLOW_BODY_LIMIT_MB?: number
}
