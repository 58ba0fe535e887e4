import { hasPermission, splitIds, type AccessContext } from './access.js'
import { ADMIN_PERMISSIONS } from './built-in-roles.js'

const isAdminPermission = (id: string): boolean => (ADMIN_PERMISSIONS as readonly string[]).includes(id)

/**
 * What the server enforces on a route that needs one of the comma-separated `ids`: hasPermission,
 * except that the open-source edition, where every permission passes (SPEC §6, so its screens show
 * everything), does not hand out the admin permissions (managing users, roles, access, audit
 * trails): there they stay with the organization's admins, as in every edition.
 */
export function hasServerPermission(ctx: AccessContext, ids: string | undefined): boolean {
  if (!hasPermission(ctx, ids)) return false
  if (ctx.platform !== 'open source' || ctx.isGlobal) return true
  const wanted = splitIds(ids ?? '')
  return wanted.length === 0 || wanted.some((id) => !isAdminPermission(id))
}
