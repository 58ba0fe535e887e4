import { randomUUID } from 'node:crypto'
import { hasPermission, type NewSavedTool, type SavedTool } from '@weft/core'
import { runToolFunction, UserCodeError, type SavedToolStore } from '@weft/nodes'
import { accessContext } from '../auth/authenticate.js'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { findToolRowByName, listToolRows, toolsRepository } from '../db/repositories/tools.repository.js'
import type { ToolRow } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { conflict, notFound } from '../http-error.js'
import { resolveVariables } from './variables.service.js'

const scopeOf = (principal: Principal): WorkspaceScope => ({ workspaceId: principal.workspaceId })

const toTool = (row: ToolRow): SavedTool => ({
  id: row.id,
  name: row.name,
  description: row.description,
  color: row.color,
  iconSrc: row.icon_src,
  schema: row.schema,
  func: row.func,
  workspaceId: row.workspace_id,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
})

const toolNotFound = (id: string) => notFound(`Tool ${id} not found`)

/** Blank text stores as null: the Tools page sends '' for a field left empty. */
const orNull = (text: string | null | undefined) => (text === undefined ? undefined : text?.trim() ? text : null)

/**
 * Models call tools by name, so a workspace holds one tool of each name. The table has no unique
 * index on it (migration 0013), so the check is here; two saves at the same instant could both pass.
 */
async function checkNameFree(ctx: AppContext, scope: WorkspaceScope, name: string, id?: string): Promise<void> {
  const holder = await findToolRowByName(ctx.db, scope, name)
  if (holder && holder.id !== id) throw conflict(`A tool named ${name} already exists in this workspace`)
}

export async function listTools(ctx: AppContext, principal: Principal): Promise<SavedTool[]> {
  return (await listToolRows(ctx.db, scopeOf(principal))).map(toTool)
}

export async function getTool(ctx: AppContext, principal: Principal, id: string): Promise<SavedTool> {
  const row = await toolsRepository(ctx.db).find(scopeOf(principal), id)
  if (!row) throw toolNotFound(id)
  return toTool(row)
}

export async function createTool(ctx: AppContext, principal: Principal, tool: NewSavedTool): Promise<SavedTool> {
  const scope = scopeOf(principal)
  await checkNameFree(ctx, scope, tool.name)
  const now = new Date().toISOString()
  const row = await toolsRepository(ctx.db).insert(scope, {
    id: randomUUID(),
    name: tool.name,
    description: tool.description,
    color: tool.color,
    icon_src: orNull(tool.iconSrc) ?? null,
    schema: orNull(tool.schema) ?? null,
    func: orNull(tool.func) ?? null,
    created_at: now,
    updated_at: now,
  })
  return toTool(row)
}

export async function updateTool(
  ctx: AppContext,
  principal: Principal,
  id: string,
  update: Partial<NewSavedTool>,
): Promise<SavedTool> {
  const scope = scopeOf(principal)
  if (!(await toolsRepository(ctx.db).find(scope, id))) throw toolNotFound(id)
  if (update.name !== undefined) await checkNameFree(ctx, scope, update.name, id)
  const patch = {
    name: update.name,
    description: update.description,
    color: update.color,
    icon_src: orNull(update.iconSrc),
    schema: orNull(update.schema),
    func: orNull(update.func),
    updated_at: new Date().toISOString(),
  }
  const definedOnly = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
  const updated = await toolsRepository(ctx.db).update(scope, id, definedOnly)
  if (!updated) throw toolNotFound(id)
  return toTool(updated)
}

export async function deleteTool(ctx: AppContext, principal: Principal, id: string): Promise<{ id: string }> {
  if (!(await toolsRepository(ctx.db).remove(scopeOf(principal), id))) throw toolNotFound(id)
  return { id }
}

/** What the Tools page's test answers: the tool's output, or why its code failed. */
export type ToolTestResult = { output: string } | { error: string }

/**
 * Runs a tool's code once with `input` as the Custom Tool node would, outside any flow: `$flow`
 * has empty ids and no state. `$vars` holds the workspace's variables only for a caller who may
 * see them, so the test cannot read what the Variables page would not show.
 */
export async function testTool(
  ctx: AppContext,
  principal: Principal,
  func: string,
  input: Record<string, unknown>,
  signal: AbortSignal,
): Promise<ToolTestResult> {
  const mayReadVars = hasPermission(accessContext(ctx.config.platform, principal), 'variables:view')
  const vars = mayReadVars ? await resolveVariables(ctx, principal.workspaceId) : {}
  const scope = { vars, flowId: '', chatId: '', sessionId: '', question: '', flowState: new Map<string, unknown>() }
  try {
    return { output: await runToolFunction(func, input, scope, signal) }
  } catch (error) {
    if (error instanceof UserCodeError) return { error: error.message }
    throw error
  }
}

/** The saved tools a run of a flow of this workspace may use (Custom Tool's Select Tool). */
export function savedToolStore(ctx: AppContext, workspaceId: string): SavedToolStore {
  return {
    get: async (id) => {
      const row = await toolsRepository(ctx.db).find({ workspaceId }, id)
      return row && toTool(row)
    },
  }
}
