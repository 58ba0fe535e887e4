import { randomUUID } from 'node:crypto'
import type { Assistant, AssistantType } from '@weft/core'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { assistantsRepository, listAssistantRows } from '../db/repositories/assistants.repository.js'
import type { AssistantRow } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { badRequest, notFound } from '../http-error.js'
import { deleteAssistantFlow, readCustomDetails, saveAssistantFlow } from './custom-assistant.js'

const scopeOf = (principal: Principal): WorkspaceScope => ({ workspaceId: principal.workspaceId })

const toAssistant = (row: AssistantRow): Assistant => ({
  id: row.id,
  type: row.type,
  details: row.details,
  credential: row.credential,
  iconSrc: row.icon_src,
  workspaceId: row.workspace_id,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
})

export interface AssistantBody {
  type: AssistantType
  details: string
  credential?: string | null
  iconSrc?: string | null
}

/** The details to store: for a custom assistant, checked and with its flow built. */
async function storedDetails(ctx: AppContext, scope: WorkspaceScope, type: AssistantType, details: string) {
  if (type !== 'CUSTOM') throw badRequest(`body.type: ${type} assistants are kept at the provider; not supported yet`)
  return JSON.stringify(await saveAssistantFlow(ctx, scope, readCustomDetails(details)))
}

export async function listAssistants(ctx: AppContext, principal: Principal, type?: AssistantType): Promise<Assistant[]> {
  return (await listAssistantRows(ctx.db, scopeOf(principal), type)).map(toAssistant)
}

async function findOwn(ctx: AppContext, principal: Principal, id: string): Promise<AssistantRow> {
  const row = await assistantsRepository(ctx.db).find(scopeOf(principal), id)
  if (!row) throw notFound(`Assistant ${id} not found`)
  return row
}

export async function getAssistant(ctx: AppContext, principal: Principal, id: string): Promise<Assistant> {
  return toAssistant(await findOwn(ctx, principal, id))
}

export async function createAssistant(ctx: AppContext, principal: Principal, body: AssistantBody): Promise<Assistant> {
  const scope = scopeOf(principal)
  const now = new Date().toISOString()
  // The flow and the assistant are written together, so a failure leaves neither.
  const row = await ctx.db.transaction().execute(async (trx) => {
    const scoped = { ...ctx, db: trx }
    return assistantsRepository(trx).insert(scope, {
      id: randomUUID(),
      type: body.type,
      details: await storedDetails(scoped, scope, body.type, body.details),
      credential: body.credential ?? null,
      icon_src: body.iconSrc ?? null,
      created_at: now,
      updated_at: now,
    })
  })
  return toAssistant(row)
}

export async function updateAssistant(
  ctx: AppContext,
  principal: Principal,
  id: string,
  body: Partial<AssistantBody>,
): Promise<Assistant> {
  const scope = scopeOf(principal)
  const row = await findOwn(ctx, principal, id)
  if (body.type && body.type !== row.type) throw badRequest('body.type: an assistant keeps its type')
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const scoped = { ...ctx, db: trx }
    const details = body.details === undefined ? undefined : await storedDetails(scoped, scope, row.type, body.details)
    return assistantsRepository(trx).update(scope, id, {
      ...(details === undefined ? {} : { details }),
      ...(body.credential === undefined ? {} : { credential: body.credential }),
      ...(body.iconSrc === undefined ? {} : { icon_src: body.iconSrc }),
      updated_at: new Date().toISOString(),
    })
  })
  if (!updated) throw notFound(`Assistant ${id} not found`)
  return toAssistant(updated)
}

export async function deleteAssistant(ctx: AppContext, principal: Principal, id: string): Promise<void> {
  const scope = scopeOf(principal)
  const row = await findOwn(ctx, principal, id)
  await ctx.db.transaction().execute(async (trx) => {
    await deleteAssistantFlow({ ...ctx, db: trx }, scope, row.details)
    await assistantsRepository(trx).remove(scope, id)
  })
}
