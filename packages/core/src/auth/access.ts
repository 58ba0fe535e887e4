import type { Features, PlatformType } from '../types/user.js'

/** Who is asking: enough to decide permission, workspace and feature checks. */
export interface AccessContext {
  platform: PlatformType
  isGlobal: boolean
  permissions: readonly string[]
  features: Features
  activeWorkspaceId?: string | undefined
  /**
   * The caller is an API key: `permissions` are the key's own list, held to in every edition and
   * never widened by being global, and only the key's workspace is its own.
   */
  isApiKey?: boolean | undefined
}

/** The ids of a comma-separated permission list, as routes and controls name them. */
export const splitIds = (ids: string): string[] =>
  ids
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '')

/** Open source and global users pass every check (SPEC §6); an API key never does. */
const passesAll = (ctx: AccessContext): boolean => !ctx.isApiKey && (ctx.platform === 'open source' || ctx.isGlobal)

/**
 * SPEC §6: passes always on open source and for global users; otherwise `ids` is a
 * comma-separated list that passes if the user holds any one, and an empty list fails.
 * An API key is held to its own permission list in every edition.
 */
export function hasPermission(ctx: AccessContext, ids: string | undefined): boolean {
  if (passesAll(ctx)) return true
  const wanted = splitIds(ids ?? '')
  if (wanted.length === 0) return false
  return wanted.some((id) => ctx.permissions.includes(id))
}

/** SPEC §6: passes on open source or for global users; otherwise only for the active workspace. */
export function isWorkspaceAllowed(ctx: AccessContext, workspaceId: string): boolean {
  if (passesAll(ctx)) return true
  return ctx.activeWorkspaceId !== undefined && ctx.activeWorkspaceId === workspaceId
}

/** True for `true` and the text 'true'. */
export const isFlagOn = (features: Features | undefined, flag: string): boolean => {
  const value = features?.[flag]
  return value === true || value === 'true'
}

/** SPEC §6: passes when no feature is asked for; otherwise the map must hold it as true. */
export function isFeatureDisplayed(features: Features | undefined, flag: string | undefined): boolean {
  if (!flag) return true
  return isFlagOn(features, flag)
}

/**
 * A control wrapped with a permission and a display feature renders only when both pass.
 * A control with no permission named is judged by its feature alone.
 */
export function isControlShown(
  ctx: AccessContext,
  control: { permission?: string | undefined; display?: string | undefined },
): boolean {
  const permitted = control.permission ? hasPermission(ctx, control.permission) : true
  return permitted && isFeatureDisplayed(ctx.features, control.display)
}
