import { featuresFor, permissionsFor, type CloudPlan, type LoginResponse, type User } from '@weft/core'
import type { AppContext } from '../context.js'
import {
  findMembership,
  findWorkspaceRole,
  listAssignedWorkspaces,
} from '../db/repositories/organizations.repository.js'
import type { UserRow } from '../db/tables.js'
import { forbidden } from '../http-error.js'

const CLOUD_PLANS: readonly CloudPlan[] = ['free', 'starter', 'pro', 'enterprise']
export const toPlan = (plan: string): CloudPlan => CLOUD_PLANS.find((p) => p === plan) ?? 'free'

const parsePermissions = (json: string): string[] => {
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : []
}

export interface Profile {
  user: User
  features: LoginResponse['features']
  /**
   * The workspace asked for is no longer the user's (deleted, or the user was removed from it):
   * `user.activeWorkspaceId` is then '' (it matches no row) and the permissions are empty, so the
   * web app's Workspace Unavailable dialog (SPEC §4) makes the user choose another.
   */
  workspaceUnavailable: boolean
}

/**
 * Who the user is inside one workspace: the SPEC §3 user with its permissions and features.
 * Without `workspaceId`, the user's default workspace (none at all is refused); a workspace the
 * user is no longer assigned to answers the profile with `workspaceUnavailable`.
 */
export async function loadProfile(ctx: AppContext, user: UserRow, workspaceId?: string): Promise<Profile> {
  const membership = await findMembership(ctx.db, user.id)
  if (!membership) throw forbidden('This account belongs to no organization')
  const { organization, isAdmin } = membership
  const workspaces = await listAssignedWorkspaces(ctx.db, user.id, organization.id)
  const active = workspaceId === undefined ? workspaces[0] : workspaces.find((w) => w.id === workspaceId)
  if (!active && workspaceId === undefined) throw forbidden('You are not assigned to any workspace')
  const role = isAdmin || !active ? undefined : await findWorkspaceRole(ctx.db, user.id, active.id)
  const permissions = active ? permissionsFor(isAdmin, role ? parsePermissions(role.permissions) : []) : []
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      status: user.status,
      role: isAdmin ? 'owner' : (role?.name ?? 'member'),
      isSSO: user.is_sso === 1,
      activeOrganizationId: organization.id,
      activeOrganizationSubscriptionId: organization.subscription_id,
      activeOrganizationCustomerId: organization.customer_id,
      activeOrganizationProductId: organization.product_id,
      activeWorkspaceId: active?.id ?? '',
      activeWorkspace: active?.name ?? '',
      lastLogin: user.last_login,
      isOrganizationAdmin: isAdmin,
      assignedWorkspaces: workspaces.map((w) => ({ id: w.id, name: w.name })),
      permissions,
    },
    features: featuresFor(ctx.config.platform, toPlan(organization.plan), ctx.config.queue !== undefined),
    workspaceUnavailable: !active,
  }
}

/** The answer of login, refresh and workspace switch: the profile plus the access token. */
export const toLoginResponse = (profile: Profile, token: string): LoginResponse => ({
  ...profile.user,
  token,
  features: profile.features,
})
