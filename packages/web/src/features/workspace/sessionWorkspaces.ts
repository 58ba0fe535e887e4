import type { User } from '@weft/core'
import { useSession } from '../../store/session'

/** SPEC §4: a workspace rename changes that workspace's name in the session's assigned list. */
export function renameInSession(workspaceId: string, name: string): void {
  const { user } = useSession.getState()
  if (!user || !user.assignedWorkspaces.some((w) => w.id === workspaceId)) return
  useSession.setState({
    user: {
      ...user,
      assignedWorkspaces: user.assignedWorkspaces.map((w) => (w.id === workspaceId ? { ...w, name } : w)),
      activeWorkspace: user.activeWorkspaceId === workspaceId ? name : user.activeWorkspace,
    },
  })
}

/**
 * The signed-in user as the server now sees them (GET /user): a workspace added, deleted or left,
 * a role changed. Only the user and what follows from it change; the token and features stay.
 */
export function refreshSessionUser(user: User): void {
  const current = useSession.getState()
  if (!current.isAuthenticated || JSON.stringify(current.user) === JSON.stringify(user)) return
  // A gone workspace grants nothing (the server answers 404 to its routes), but the permissions
  // shown stay until the user picks another: an empty list would send the route guard to
  // /unauthorized, away from the Workspace Unavailable dialog that asks for the choice.
  const unavailable = !user.assignedWorkspaces.some((w) => w.id === user.activeWorkspaceId)
  const permissions = unavailable ? current.permissions : user.permissions
  useSession.setState({
    user: unavailable ? { ...user, permissions } : user,
    permissions,
    isGlobal: user.isOrganizationAdmin,
    isSSO: user.isSSO,
  })
}
