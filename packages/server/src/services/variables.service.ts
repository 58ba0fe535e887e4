import { randomUUID } from 'node:crypto'
import type { NewVariable, Variable } from '@weft/core'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { listVariableRows, variablesRepository } from '../db/repositories/variables.repository.js'
import type { VariableRow } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { badRequest, conflict, notFound } from '../http-error.js'
import { INVALIDATION_TOPICS } from '../shared/invalidation.js'
import { announceChange } from '../shared/shared-state.js'

const scopeOf = (principal: Principal): WorkspaceScope => ({ workspaceId: principal.workspaceId })

const toVariable = (row: VariableRow): Variable => ({
  id: row.id,
  name: row.name,
  value: row.value,
  type: row.type,
  workspaceId: row.workspace_id,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
})

/**
 * The server's own settings: a runtime variable must not read them, or anyone who may edit
 * variables and run a flow could print the key that decrypts every workspace's credentials.
 */
const SERVER_SETTINGS = new Set(['DATABASE_URL', 'REDIS_URL', 'SMTP_USER', 'SMTP_PASSWORD'])
export const isServerSetting = (name: string) => name.startsWith('WEFT_') || SERVER_SETTINGS.has(name)

function checkRuntimeName(variable: { name: string; type: string }): void {
  if (variable.type === 'runtime' && isServerSetting(variable.name)) {
    throw badRequest(`body.name: ${variable.name} is a setting of the Weft server; a runtime variable cannot read it`)
  }
}

/** Both dialects report a broken unique constraint by code; the (workspace, name) pair is the only one here. */
const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
const duplicate = (name: string) => conflict(`A variable named ${name} already exists in this workspace`)

export async function listVariables(ctx: AppContext, principal: Principal): Promise<Variable[]> {
  return (await listVariableRows(ctx.db, scopeOf(principal))).map(toVariable)
}

export async function createVariable(ctx: AppContext, principal: Principal, variable: NewVariable): Promise<Variable> {
  checkRuntimeName(variable)
  const now = new Date().toISOString()
  try {
    const row = await variablesRepository(ctx.db).insert(scopeOf(principal), {
      id: randomUUID(),
      name: variable.name,
      value: variable.value,
      type: variable.type,
      created_at: now,
      updated_at: now,
    })
    announceChange(ctx, INVALIDATION_TOPICS.variables, principal.workspaceId)
    return toVariable(row)
  } catch (error) {
    throw isUniqueViolation(error) ? duplicate(variable.name) : error
  }
}

export async function updateVariable(
  ctx: AppContext,
  principal: Principal,
  id: string,
  update: Partial<NewVariable>,
): Promise<Variable> {
  const scope = scopeOf(principal)
  const row = await variablesRepository(ctx.db).find(scope, id)
  if (!row) throw notFound('Variable not found')
  checkRuntimeName({ name: update.name ?? row.name, type: update.type ?? row.type })
  const patch = { name: update.name, value: update.value, type: update.type, updated_at: new Date().toISOString() }
  const definedOnly = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
  try {
    const updated = await variablesRepository(ctx.db).update(scope, id, definedOnly)
    if (!updated) throw notFound('Variable not found')
    announceChange(ctx, INVALIDATION_TOPICS.variables, principal.workspaceId)
    return toVariable(updated)
  } catch (error) {
    throw isUniqueViolation(error) ? duplicate(update.name ?? row.name) : error
  }
}

export async function deleteVariable(ctx: AppContext, principal: Principal, id: string): Promise<{ id: string }> {
  if (!(await variablesRepository(ctx.db).remove(scopeOf(principal), id))) throw notFound('Variable not found')
  announceChange(ctx, INVALIDATION_TOPICS.variables, principal.workspaceId)
  return { id }
}

/**
 * The workspace's variables as flows read them (`$vars.<name>`): a static variable's value, or
 * for a runtime one the server's environment variable of that name ('' when unset).
 */
export async function resolveVariables(ctx: AppContext, workspaceId: string): Promise<Record<string, string>> {
  const rows = await listVariableRows(ctx.db, { workspaceId })
  const valueOf = (row: VariableRow) =>
    row.type === 'static' ? row.value : isServerSetting(row.name) ? '' : (process.env[row.name] ?? '')
  return Object.fromEntries(rows.map((row) => [row.name, valueOf(row)]))
}
