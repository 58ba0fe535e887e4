import { randomUUID } from 'node:crypto'
import {
  flowFamily,
  flowPermission,
  hasPermission,
  type Flow,
  type FlowAction,
  type FlowType,
  type FlowUpdate,
  type NewFlow,
} from '@weft/core'
import { accessContext } from '../auth/authenticate.js'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { flowsRepository, isApiKeyOfWorkspace, listFlowsByTypes } from '../db/repositories/flows.repository.js'
import type { FlowRow, FlowRowUpdate } from '../db/tables.js'
import { badRequest, forbidden, notFound } from '../http-error.js'
import { INVALIDATION_TOPICS } from '../shared/invalidation.js'
import { announceChange } from '../shared/shared-state.js'
import { requireOwnTracingCredentials } from './flow-analytic.service.js'
import { lockedOverrideOf } from './flow-overrides.js'
import { requireUsableSpeechToText } from './speech-to-text.js'
import { removeKeptFiles } from './upload-storage.js'

/** What a new flow holds until its canvas is saved: nothing, seen from the origin. */
export const EMPTY_FLOW_DATA = JSON.stringify({ nodes: [], edges: [], viewport: { x: 0, y: 0, zoom: 1 } })

function requirePermission(ctx: AppContext, principal: Principal, type: FlowType, action: FlowAction): void {
  if (!hasPermission(accessContext(ctx.config.platform, principal), flowPermission(type, action))) throw forbidden()
}

const scopeOf = (principal: Principal) => ({ workspaceId: principal.workspaceId })

// The configuration dialog sends an empty id when it unbinds the key.
const keyId = (id: string | null | undefined) => (id === '' ? null : id)

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? (1 as const) : (0 as const))

/** A row as the API answers it, with Flowise's field names. */
export const toFlow = (row: FlowRow): Flow => ({
  id: row.id,
  name: row.name,
  flowData: row.flow_data,
  type: row.type,
  deployed: row.deployed === 1,
  isPublic: row.is_public === 1,
  category: row.category,
  chatbotConfig: row.chatbot_config,
  apiConfig: row.api_config,
  apikeyid: row.apikey_id,
  speechToText: row.speech_to_text,
  followUpPrompts: row.follow_up_prompts,
  analytic: row.analytic,
  workspaceId: row.workspace_id,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
})

/** The active workspace's flows of the given types; every type must be one the caller may see. */
export async function listFlows(ctx: AppContext, principal: Principal, types: readonly FlowType[]): Promise<Flow[]> {
  for (const type of types) requirePermission(ctx, principal, type, 'view')
  return (await listFlowsByTypes(ctx.db, scopeOf(principal), types)).map(toFlow)
}

async function findOwnFlow(ctx: AppContext, principal: Principal, id: string): Promise<FlowRow> {
  const row = await flowsRepository(ctx.db).find(scopeOf(principal), id)
  if (!row) throw notFound(`Flow ${id} not found`)
  return row
}

export async function getFlow(ctx: AppContext, principal: Principal, id: string): Promise<Flow> {
  const row = await findOwnFlow(ctx, principal, id)
  requirePermission(ctx, principal, row.type, 'view')
  return toFlow(row)
}

async function requireOwnApiKey(ctx: AppContext, principal: Principal, id: string | null | undefined): Promise<void> {
  if (id && !(await isApiKeyOfWorkspace(ctx.db, scopeOf(principal), id))) {
    throw badRequest('body.apikeyid: must be the id of an API key of this workspace')
  }
}

/** A setting that lets callers override a locked param (a secret, an endpoint of a node with a credential) is refused. */
function requireNoLockedOverride(flowData: string, apiConfig: string | null | undefined): void {
  const problem = apiConfig ? lockedOverrideOf(flowData, apiConfig) : undefined
  if (problem) throw badRequest(`body.apiConfig: ${problem}`)
}

export async function createFlow(ctx: AppContext, principal: Principal, flow: NewFlow): Promise<Flow> {
  requirePermission(ctx, principal, flow.type, 'create')
  await requireOwnApiKey(ctx, principal, flow.apikeyid)
  requireNoLockedOverride(flow.flowData ?? EMPTY_FLOW_DATA, flow.apiConfig)
  await requireUsableSpeechToText(ctx, principal.workspaceId, flow.speechToText)
  await requireOwnTracingCredentials(ctx, principal.workspaceId, flow.analytic)
  const now = new Date().toISOString()
  const row = await flowsRepository(ctx.db).insert(scopeOf(principal), {
    id: randomUUID(),
    name: flow.name,
    type: flow.type,
    flow_data: flow.flowData ?? EMPTY_FLOW_DATA,
    deployed: flag(flow.deployed) ?? 0,
    is_public: flag(flow.isPublic) ?? 0,
    category: flow.category ?? null,
    chatbot_config: flow.chatbotConfig ?? null,
    api_config: flow.apiConfig ?? null,
    apikey_id: keyId(flow.apikeyid) ?? null,
    speech_to_text: flow.speechToText ?? null,
    follow_up_prompts: flow.followUpPrompts ?? null,
    analytic: flow.analytic ?? null,
    created_at: now,
    updated_at: now,
  })
  return toFlow(row)
}

/**
 * Changes what the update names and leaves the rest. The type may change only within its
 * permission family (chatflow and assistant, or the two agentflow kinds), so an edit can never
 * move a flow out of reach of the permission that allowed it.
 */
export async function updateFlow(ctx: AppContext, principal: Principal, id: string, update: FlowUpdate): Promise<Flow> {
  const row = await findOwnFlow(ctx, principal, id)
  requirePermission(ctx, principal, row.type, 'update')
  if (update.type && flowFamily(update.type) !== flowFamily(row.type)) {
    throw badRequest(`body.type: a flow cannot move from ${flowFamily(row.type)} to ${flowFamily(update.type)}`)
  }
  await requireOwnApiKey(ctx, principal, update.apikeyid)
  requireNoLockedOverride(update.flowData ?? row.flow_data, update.apiConfig)
  await requireUsableSpeechToText(ctx, principal.workspaceId, update.speechToText)
  await requireOwnTracingCredentials(ctx, principal.workspaceId, update.analytic)
  const patch: Omit<FlowRowUpdate, 'id' | 'workspace_id'> = {
    name: update.name,
    type: update.type,
    flow_data: update.flowData,
    deployed: flag(update.deployed),
    is_public: flag(update.isPublic),
    category: update.category,
    chatbot_config: update.chatbotConfig,
    api_config: update.apiConfig,
    apikey_id: keyId(update.apikeyid),
    speech_to_text: update.speechToText,
    follow_up_prompts: update.followUpPrompts,
    analytic: update.analytic,
    updated_at: new Date().toISOString(),
  }
  const definedOnly = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
  const updated = await flowsRepository(ctx.db).update(scopeOf(principal), id, definedOnly)
  if (!updated) throw notFound(`Flow ${id} not found`)
  announceChange(ctx, INVALIDATION_TOPICS.flow, id)
  return toFlow(updated)
}

export async function deleteFlow(ctx: AppContext, principal: Principal, id: string): Promise<{ id: string }> {
  const row = await findOwnFlow(ctx, principal, id)
  requirePermission(ctx, principal, row.type, 'delete')
  await flowsRepository(ctx.db).remove(scopeOf(principal), id)
  announceChange(ctx, INVALIDATION_TOPICS.flow, id)
  await removeKeptFiles(ctx, id)
  return { id }
}
