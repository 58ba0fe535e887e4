import type { Principal } from '../auth/principal.js'
import { accessContext } from '../auth/authenticate.js'
import type { AppContext } from '../context.js'
import { hasPermission } from '@weft/core'
import {
  findItemWorkspace,
  findOrganizationWorkspace,
  isWorkspaceMember,
  listShares,
  replaceShares,
  type SharedItemType,
} from '../db/repositories/workspaces.repository.js'
import { badRequest, forbidden, notFound } from '../http-error.js'

/** An item's share with one workspace, as Flowise's GET /workspace/shared/{id} answers it. */
export interface WorkspaceShareView {
  workspaceId: string
  workspaceName: string
  sharedItemId: string
  itemType: SharedItemType
  createdDate: string
}

export const SHARED_ITEM_TYPES = ['credential', 'custom_template', 'tool'] as const

/** Who may share each kind: the one who may change it in its own workspace. */
const SHARE_PERMISSION: Record<SharedItemType, string> = {
  credential: 'credentials:update',
  custom_template: 'templates:custom',
  tool: 'tools:update',
}
const VIEW_PERMISSION: Record<SharedItemType, string> = {
  credential: 'credentials:view',
  custom_template: 'templates:custom',
  tool: 'tools:view',
}

const ITEM_LABEL: Record<SharedItemType, string> = {
  credential: 'Credential',
  custom_template: 'Custom template',
  tool: 'Tool',
}

/** The item's type, given or found: an item of another workspace (or none) answers 404. */
async function ownItem(
  ctx: AppContext,
  principal: Principal,
  itemId: string,
  itemType: SharedItemType | undefined,
): Promise<SharedItemType> {
  for (const type of itemType ? [itemType] : SHARED_ITEM_TYPES) {
    if ((await findItemWorkspace(ctx.db, type, itemId)) === principal.workspaceId) return type
  }
  throw notFound(`${itemType ? ITEM_LABEL[itemType] : 'Item'} ${itemId} not found`)
}

function requireFor(
  ctx: AppContext,
  principal: Principal,
  permissions: Record<SharedItemType, string>,
  type: SharedItemType,
) {
  if (!hasPermission(accessContext(ctx.config.platform, principal), permissions[type])) throw forbidden()
}

async function sharesOf(ctx: AppContext, itemId: string): Promise<WorkspaceShareView[]> {
  return (await listShares(ctx.db, itemId)).map((row) => ({
    workspaceId: row.workspace_id,
    workspaceName: row.workspace_name,
    sharedItemId: row.shared_item_id,
    itemType: row.item_type,
    createdDate: row.created_at,
  }))
}

/** GET /workspace/shared/{id}: the workspaces an item of the caller's workspace is shared with. */
export async function listItemShares(
  ctx: AppContext,
  principal: Principal,
  itemId: string,
  itemType?: SharedItemType,
): Promise<WorkspaceShareView[]> {
  const type = await ownItem(ctx, principal, itemId, itemType)
  requireFor(ctx, principal, VIEW_PERMISSION, type)
  return sharesOf(ctx, itemId)
}

/**
 * POST /workspace/shared/{id} {itemType, workspaceIds}: shares an item of the caller's workspace
 * read-only with exactly these workspaces of the organization (an empty list ends every share).
 * A non-admin shares only with workspaces they are a member of.
 */
export async function setItemShares(
  ctx: AppContext,
  principal: Principal,
  itemId: string,
  body: { itemType: SharedItemType; workspaceIds: readonly string[] },
): Promise<WorkspaceShareView[]> {
  const type = await ownItem(ctx, principal, itemId, body.itemType)
  requireFor(ctx, principal, SHARE_PERMISSION, type)
  const unique = [...new Set(body.workspaceIds)]
  for (const [index, workspaceId] of body.workspaceIds.entries()) {
    const field = `workspaceIds[${index}]`
    if (workspaceId === principal.workspaceId) throw badRequest(`${field}: the item is already in this workspace`)
    const workspace = await findOrganizationWorkspace(ctx.db, principal.organizationId, workspaceId)
    const reachable =
      workspace && (principal.isOrganizationAdmin || (await isWorkspaceMember(ctx.db, workspaceId, principal.userId)))
    if (!reachable) throw badRequest(`${field}: no workspace ${workspaceId} in this organization`)
  }
  await ctx.db
    .transaction()
    .execute((trx) => replaceShares(trx, { id: itemId, type }, unique, new Date().toISOString()))
  return sharesOf(ctx, itemId)
}
