import { sql, type Kysely } from 'kysely'
import { EMPTY_WORKSPACE_COUNTS, type WorkspaceCounts } from '@weft/core'
import type { Database, WorkspaceRow } from '../tables.js'

/** The counted tables, by the name of their count. */
const COUNTED = {
  credentials: 'credentials',
  variables: 'variables',
  tools: 'tools',
  apiKeys: 'api_keys',
  documentStores: 'document_stores',
  customTemplates: 'custom_templates',
  executions: 'executions',
  chatMessages: 'chat_messages',
} as const satisfies Partial<Record<keyof WorkspaceCounts, keyof Database>>

/**
 * Every table holding rows of a workspace, children before their parents, so the workspace can be
 * deleted whole without leaning on cascades. Tables added later that hold a `workspace_id` must be
 * listed here too (the delete test fails on a row left behind).
 */
export const WORKSPACE_TABLES = [
  'workspace_shares',
  'assistant_threads',
  'chat_feedback',
  'leads',
  'chat_messages',
  'upsert_history',
  'executions',
  'document_store_records',
  'document_store_upserts',
  'document_store_jobs',
  'document_store_chunks',
  'document_store_files',
  'document_store_loaders',
  'document_stores',
  'assistants',
  'flows',
  'credentials',
  'variables',
  'api_keys',
  'tools',
  'custom_templates',
  'workspace_users',
] as const satisfies readonly (keyof Database)[]

const toCount = (value: unknown): number => Number(value ?? 0)

/** The organization's workspaces, default first, then by creation. */
export const listOrganizationWorkspaces = (db: Kysely<Database>, organizationId: string): Promise<WorkspaceRow[]> =>
  db
    .selectFrom('workspaces')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute()

/** A workspace of the organization; another organization's reads as missing. */
export const findOrganizationWorkspace = (
  db: Kysely<Database>,
  organizationId: string,
  id: string,
): Promise<WorkspaceRow | undefined> =>
  db
    .selectFrom('workspaces')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst()

/** The workspace of the organization with this name, letters' case aside (optionally other than `exceptId`). */
export async function findWorkspaceByName(
  db: Kysely<Database>,
  organizationId: string,
  name: string,
  exceptId?: string,
): Promise<WorkspaceRow | undefined> {
  let query = db
    .selectFrom('workspaces')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
  if (exceptId) query = query.where('id', '!=', exceptId)
  return query.executeTakeFirst()
}

/** The ids of the workspaces the user is a member of. */
export async function memberWorkspaceIds(db: Kysely<Database>, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('workspace_users').select('workspace_id').where('user_id', '=', userId).execute()
  return new Set(rows.map((row) => row.workspace_id))
}

export async function isWorkspaceMember(db: Kysely<Database>, workspaceId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('workspace_users')
    .select('user_id')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row !== undefined
}

/** Members per workspace. */
export async function countMembers(
  db: Kysely<Database>,
  workspaceIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  if (workspaceIds.length === 0) return counts
  const rows = await db
    .selectFrom('workspace_users')
    .select(['workspace_id', (eb) => eb.fn.countAll().as('n')])
    .where('workspace_id', 'in', workspaceIds)
    .groupBy('workspace_id')
    .execute()
  for (const row of rows) counts.set(row.workspace_id, toCount(row.n))
  return counts
}

/** What each workspace holds. */
export async function countContents(
  db: Kysely<Database>,
  workspaceIds: readonly string[],
): Promise<Map<string, WorkspaceCounts>> {
  const counts = new Map<string, WorkspaceCounts>(workspaceIds.map((id) => [id, { ...EMPTY_WORKSPACE_COUNTS }]))
  if (workspaceIds.length === 0) return counts
  const flows = await db
    .selectFrom('flows')
    .select(['workspace_id', 'type', (eb) => eb.fn.countAll().as('n')])
    .where('workspace_id', 'in', workspaceIds)
    .groupBy(['workspace_id', 'type'])
    .execute()
  for (const row of flows) {
    const entry = counts.get(row.workspace_id)
    if (!entry) continue
    // Assistants' own flows are counted with the assistants.
    if (row.type === 'AGENTFLOW' || row.type === 'MULTIAGENT') entry.agentflows += toCount(row.n)
    else if (row.type === 'CHATFLOW') entry.chatflows += toCount(row.n)
  }
  const assistants = await db
    .selectFrom('assistants')
    .select(['workspace_id', (eb) => eb.fn.countAll().as('n')])
    .where('workspace_id', 'in', workspaceIds)
    .groupBy('workspace_id')
    .execute()
  for (const row of assistants) {
    const entry = counts.get(row.workspace_id)
    if (entry) entry.assistants = toCount(row.n)
  }
  for (const [key, table] of Object.entries(COUNTED) as [
    keyof typeof COUNTED,
    (typeof COUNTED)[keyof typeof COUNTED],
  ][]) {
    const rows = await db
      .selectFrom(table)
      .select(['workspace_id', (eb) => eb.fn.countAll().as('n')])
      .where('workspace_id', 'in', workspaceIds)
      .groupBy('workspace_id')
      .execute()
    for (const row of rows) {
      const entry = counts.get(row.workspace_id)
      if (entry) entry[key] = toCount(row.n)
    }
  }
  return counts
}

export interface NewWorkspace {
  id: string
  organizationId: string
  name: string
  description: string
  now: string
}

export async function insertWorkspace(db: Kysely<Database>, workspace: NewWorkspace): Promise<void> {
  await db
    .insertInto('workspaces')
    .values({
      id: workspace.id,
      organization_id: workspace.organizationId,
      name: workspace.name,
      description: workspace.description,
      is_default: 0,
      created_at: workspace.now,
      updated_at: workspace.now,
    })
    .execute()
}

export async function updateWorkspace(
  db: Kysely<Database>,
  id: string,
  patch: { name?: string; description?: string; now: string },
): Promise<void> {
  await db
    .updateTable('workspaces')
    .set({
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.description === undefined ? {} : { description: patch.description }),
      updated_at: patch.now,
    })
    .where('id', '=', id)
    .execute()
}

/** The flows of a workspace, whose kept files go with it. */
export async function workspaceFlowIds(db: Kysely<Database>, workspaceId: string): Promise<string[]> {
  const rows = await db.selectFrom('flows').select('id').where('workspace_id', '=', workspaceId).execute()
  return rows.map((row) => row.id)
}

/**
 * Deletes a workspace and every row it holds; run inside a transaction. Invitations into it still
 * pending move to `fallbackWorkspaceId` (the organization's default), so the invited can still join.
 */
export async function deleteWorkspaceRows(
  db: Kysely<Database>,
  workspaceId: string,
  fallbackWorkspaceId: string,
): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ workspace_id: fallbackWorkspaceId })
    .where('workspace_id', '=', workspaceId)
    .execute()
  // Shares of this workspace's items with other workspaces go too.
  await db
    .deleteFrom('workspace_shares')
    .where('shared_item_id', 'in', (eb) =>
      eb
        .selectFrom('credentials')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .union(eb.selectFrom('tools').select('id').where('workspace_id', '=', workspaceId))
        .union(eb.selectFrom('custom_templates').select('id').where('workspace_id', '=', workspaceId)),
    )
    .execute()
  // A child execution of another workspace's run never points here, but executions point at each other.
  await db
    .updateTable('executions')
    .set({ parent_execution_id: null })
    .where('workspace_id', '=', workspaceId)
    .execute()
  for (const table of WORKSPACE_TABLES) {
    await db.deleteFrom(table).where('workspace_id', '=', workspaceId).execute()
  }
  await db.deleteFrom('workspaces').where('id', '=', workspaceId).execute()
}

/** A member row with its user, role and workspace, as the workspace users' list shows it. */
export interface MemberRow {
  workspace_id: string
  workspace_name: string
  user_id: string
  role_id: string | null
  status: string
  last_login: string | null
  created_at: string
  user_name: string
  user_email: string
  user_status: string
  role_name: string | null
  /** 1 when the member is an admin of the organization (who holds every permission). */
  is_admin: number | null
}

export interface MemberFilter {
  organizationId: string
  /** Only these workspaces (the caller's visible ones); undefined: every workspace of the organization. */
  workspaceIds?: readonly string[]
  workspaceId?: string
  userId?: string
  roleId?: string
}

/** Members of the organization's workspaces matching the filter, by workspace then name. */
export async function listMembers(db: Kysely<Database>, filter: MemberFilter): Promise<MemberRow[]> {
  if (filter.workspaceIds?.length === 0) return []
  let query = db
    .selectFrom('workspace_users')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_users.workspace_id')
    .innerJoin('users', 'users.id', 'workspace_users.user_id')
    .leftJoin('roles', 'roles.id', 'workspace_users.role_id')
    .leftJoin('organization_users', (join) =>
      join
        .onRef('organization_users.user_id', '=', 'workspace_users.user_id')
        .onRef('organization_users.organization_id', '=', 'workspaces.organization_id'),
    )
    .select([
      'workspace_users.workspace_id',
      'workspaces.name as workspace_name',
      'workspace_users.user_id',
      'workspace_users.role_id',
      'workspace_users.status',
      'workspace_users.last_login',
      'workspace_users.created_at',
      'users.name as user_name',
      'users.email as user_email',
      'users.status as user_status',
      'roles.name as role_name',
      'organization_users.is_admin',
    ])
    .where('workspaces.organization_id', '=', filter.organizationId)
  if (filter.workspaceIds) query = query.where('workspace_users.workspace_id', 'in', filter.workspaceIds)
  if (filter.workspaceId) query = query.where('workspace_users.workspace_id', '=', filter.workspaceId)
  if (filter.userId) query = query.where('workspace_users.user_id', '=', filter.userId)
  if (filter.roleId) query = query.where('workspace_users.role_id', '=', filter.roleId)
  return query
    .orderBy('workspaces.is_default', 'desc')
    .orderBy('workspaces.created_at')
    .orderBy('users.name')
    .orderBy('users.email')
    .execute()
}

/** A user of the organization (its link row and the user), or undefined when they are not in it. */
export async function findOrganizationUser(db: Kysely<Database>, organizationId: string, userId: string) {
  return db
    .selectFrom('organization_users')
    .innerJoin('users', 'users.id', 'organization_users.user_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.status',
      'organization_users.is_admin',
      'organization_users.role_id',
    ])
    .where('organization_users.organization_id', '=', organizationId)
    .where('organization_users.user_id', '=', userId)
    .executeTakeFirst()
}

export async function insertMember(
  db: Kysely<Database>,
  member: { workspaceId: string; userId: string; roleId: string | null; now: string },
): Promise<void> {
  await db
    .insertInto('workspace_users')
    .values({
      workspace_id: member.workspaceId,
      user_id: member.userId,
      role_id: member.roleId,
      status: 'active',
      last_login: null,
      created_at: member.now,
    })
    .execute()
}

export async function setMemberRole(
  db: Kysely<Database>,
  workspaceId: string,
  userId: string,
  roleId: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('workspace_users')
    .set({ role_id: roleId })
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function deleteMember(db: Kysely<Database>, workspaceId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('workspace_users')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export type SharedItemType = 'credential' | 'custom_template' | 'tool'

const ITEM_TABLES = { credential: 'credentials', custom_template: 'custom_templates', tool: 'tools' } as const

/** The workspace an item of this type lives in, or undefined when there is no such item. */
export async function findItemWorkspace(
  db: Kysely<Database>,
  itemType: SharedItemType,
  itemId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom(ITEM_TABLES[itemType])
    .select('workspace_id')
    .where('id', '=', itemId)
    .executeTakeFirst()
  return row?.workspace_id
}

/** The workspaces an item is shared with, by name. */
export const listShares = (db: Kysely<Database>, itemId: string) =>
  db
    .selectFrom('workspace_shares')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_shares.workspace_id')
    .select([
      'workspace_shares.workspace_id',
      'workspaces.name as workspace_name',
      'workspace_shares.shared_item_id',
      'workspace_shares.item_type',
      'workspace_shares.created_at',
    ])
    .where('workspace_shares.shared_item_id', '=', itemId)
    .orderBy('workspaces.name')
    .execute()

/** Replaces the workspaces an item is shared with; run inside a transaction. */
export async function replaceShares(
  db: Kysely<Database>,
  item: { id: string; type: SharedItemType },
  workspaceIds: readonly string[],
  now: string,
): Promise<void> {
  await db.deleteFrom('workspace_shares').where('shared_item_id', '=', item.id).execute()
  if (workspaceIds.length === 0) return
  await db
    .insertInto('workspace_shares')
    .values(
      workspaceIds.map((workspaceId) => ({
        workspace_id: workspaceId,
        shared_item_id: item.id,
        item_type: item.type,
        created_at: now,
      })),
    )
    .execute()
}

/**
 * Whether an item of another workspace is shared (read-only) with this one: for the credential,
 * template and tool lookups of flows, which may use a shared item but never show or change it.
 */
export async function isSharedWith(
  db: Kysely<Database>,
  workspaceId: string,
  itemType: SharedItemType,
  itemId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('workspace_shares')
    .select('shared_item_id')
    .where('workspace_id', '=', workspaceId)
    .where('shared_item_id', '=', itemId)
    .where('item_type', '=', itemType)
    .executeTakeFirst()
  return row !== undefined
}

/** The ids of the items of a type shared with this workspace. */
export async function sharedItemIds(
  db: Kysely<Database>,
  workspaceId: string,
  itemType: SharedItemType,
): Promise<string[]> {
  const rows = await db
    .selectFrom('workspace_shares')
    .select('shared_item_id')
    .where('workspace_id', '=', workspaceId)
    .where('item_type', '=', itemType)
    .execute()
  return rows.map((row) => row.shared_item_id)
}
