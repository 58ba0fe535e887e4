/** What a workspace holds, by the name of its count in GET /workspace (and DELETE /workspace's answer). */
export const WORKSPACE_COUNT_KEYS = [
  'chatflows',
  'agentflows',
  'assistants',
  'credentials',
  'variables',
  'tools',
  'apiKeys',
  'documentStores',
  'customTemplates',
  'executions',
  'chatMessages',
] as const
export type WorkspaceCountKey = (typeof WORKSPACE_COUNT_KEYS)[number]

/** What a workspace holds, counted for its list row and for the confirm before deleting it. */
export type WorkspaceCounts = Record<WorkspaceCountKey, number>

/** Every count at 0, in the order of WORKSPACE_COUNT_KEYS; copy it before counting into it. */
export const EMPTY_WORKSPACE_COUNTS: Readonly<WorkspaceCounts> = Object.freeze(
  Object.fromEntries(WORKSPACE_COUNT_KEYS.map((key) => [key, 0])) as WorkspaceCounts,
)

/** A workspace as GET /workspace answers it: Flowise's fields, its member count and what it holds. */
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

/** The answer of DELETE /workspace/:id: what went with it. */
export interface DeletedWorkspace {
  id: string
  name: string
  deleted: WorkspaceCounts & { members: number }
}

/** A member as GET /workspaceuser answers it (Flowise's WorkspaceUser with its user, role and workspace). */
export interface WorkspaceUser {
  workspaceId: string
  userId: string
  roleId: string | null
  status: string
  lastLogin: string | null
  createdDate: string
  /** The member is an admin of the organization: they hold every permission whatever their role here. */
  isOrgOwner: boolean
  user: { id: string; name: string; email: string; status: string }
  role: { id: string | null; name: string }
  workspace: { id: string; name: string }
}
