import { randomUUID } from 'node:crypto'
import { isProviderAssistantType, type Assistant, type AssistantType, type ProviderAssistantType } from '@weft/core'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { assistantsRepository, listAssistantRows } from '../db/repositories/assistants.repository.js'
import type { AssistantRow } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { badRequest, HttpError, notFound } from '../http-error.js'
import { deleteAssistantFlow, readCustomDetails, saveAssistantFlow } from './custom-assistant.js'
import {
  pushToProvider,
  readProviderDetails,
  saveProviderFlow,
  storedProviderFields,
  type PushedAssistant,
} from './provider-assistant.js'
import { atProvider, connectProvider } from './provider-connection.js'

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

/** A custom assistant's details to store: checked, and with its flow built. */
async function customDetails(ctx: AppContext, scope: WorkspaceScope, details: string) {
  return JSON.stringify(await saveAssistantFlow(ctx, scope, readCustomDetails(details)))
}

/**
 * An OPENAI or AZURE assistant's details written to the provider with the workspace's credential:
 * the assistant `existingId` names is changed there (the stored one, or on create one the caller
 * imports), else a new one is created. Done before the database write, which can undo it.
 */
async function pushProviderDetails(
  ctx: AppContext,
  scope: WorkspaceScope,
  type: ProviderAssistantType,
  credential: string | null | undefined,
  details: string,
  existingId: (requested: string | undefined) => string | undefined,
): Promise<PushedAssistant> {
  const connection = await connectProvider(ctx, scope, credential, 'body.credential', type)
  const read = readProviderDetails(details)
  return pushToProvider(connection, read, existingId(read.id))
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
  const id = randomUUID()
  const { type } = body
  const pushed = isProviderAssistantType(type)
    ? await pushProviderDetails(ctx, scope, type, body.credential, body.details, (requested) => requested)
    : undefined
  const now = new Date().toISOString()
  try {
    // The flow and the assistant are written together, so a failure leaves neither.
    const row = await ctx.db.transaction().execute(async (trx) => {
      const scoped = { ...ctx, db: trx }
      return assistantsRepository(trx).insert(scope, {
        id,
        type,
        details: pushed
          ? JSON.stringify(await saveProviderFlow(scoped, scope, id, pushed.details, undefined))
          : await customDetails(scoped, scope, body.details),
        credential: body.credential ?? null,
        icon_src: body.iconSrc ?? null,
        created_at: now,
        updated_at: now,
      })
    })
    return toAssistant(row)
  } catch (error) {
    await pushed?.undo()
    throw error
  }
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
  const { type } = row
  const credential = body.credential === undefined ? row.credential : body.credential
  let pushed: PushedAssistant | undefined
  if (isProviderAssistantType(type)) {
    const stored = storedProviderFields(row.details)
    if (body.details !== undefined) {
      pushed = await pushProviderDetails(ctx, scope, type, credential, body.details, () => stored.id)
    } else if (body.credential !== undefined) {
      await connectProvider(ctx, scope, credential, 'body.credential', type)
    }
  }
  const write = () =>
    ctx.db.transaction().execute(async (trx) => {
      const scoped = { ...ctx, db: trx }
      let details: string | undefined
      if (pushed) {
        const chatflowId = storedProviderFields(row.details).chatflowId
        details = JSON.stringify(await saveProviderFlow(scoped, scope, id, pushed.details, chatflowId))
      } else if (body.details !== undefined) {
        details = await customDetails(scoped, scope, body.details)
      }
      return assistantsRepository(trx).update(scope, id, {
        ...(details === undefined ? {} : { details }),
        ...(body.credential === undefined ? {} : { credential: body.credential }),
        ...(body.iconSrc === undefined ? {} : { icon_src: body.iconSrc }),
        updated_at: new Date().toISOString(),
      })
    })
  let updated
  try {
    updated = await write()
  } catch (error) {
    await pushed?.undo()
    throw error
  }
  if (!updated) throw notFound(`Assistant ${id} not found`)
  return toAssistant(updated)
}

/**
 * Deletes the assistant and its flow; with `deleteAtProvider` (Flowise's `isDeleteBoth`) first the
 * provider's assistant too, which may already be gone there.
 */
export async function deleteAssistant(
  ctx: AppContext,
  principal: Principal,
  id: string,
  deleteAtProvider = false,
): Promise<void> {
  const scope = scopeOf(principal)
  const row = await findOwn(ctx, principal, id)
  const providerId = storedProviderFields(row.details).id
  if (deleteAtProvider && isProviderAssistantType(row.type) && providerId) {
    const { api } = await connectProvider(ctx, scope, row.credential, "the assistant's credential", row.type)
    await atProvider(api.assistants.delete(providerId)).catch((error: unknown) => {
      if (!(error instanceof HttpError && error.statusCode === 404)) throw error
    })
  }
  await ctx.db.transaction().execute(async (trx) => {
    await deleteAssistantFlow({ ...ctx, db: trx }, scope, row.details)
    await assistantsRepository(trx).remove(scope, id)
  })
}
