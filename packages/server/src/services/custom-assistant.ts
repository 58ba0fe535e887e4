import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { CustomAssistantDetails } from '@weft/core'
import { buildAssistantFlow, findNode } from '@weft/nodes'
import type { AppContext } from '../context.js'
import { credentialsRepository } from '../db/repositories/credentials.repository.js'
import { documentStoresRepository } from '../db/repositories/document-stores.repository.js'
import { flowsRepository } from '../db/repositories/flows.repository.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { badRequest } from '../http-error.js'
import { readDetailsText } from './assistant-details.js'

const text = (max: number) => z.string('must be text').max(max, `must be at most ${max} characters`)

const detailsSchema = z.object({
  name: z.string('is required').trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
  description: text(2000).optional(),
  instruction: text(20_000).default(''),
  chatModel: z
    .object({
      name: z.string('is required').min(1, 'is required').max(100),
      inputs: z.record(z.string(), z.unknown()).default({}),
      credential: z.string().max(100).optional(),
    })
    .optional(),
  tools: z
    .array(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('saved'), id: z.string().min(1).max(100) }),
        z.object({ kind: z.literal('node'), name: z.string().min(1).max(100) }),
      ]),
    )
    .max(50, 'must be at most 50 tools')
    .default([]),
  documentStores: z
    .array(
      z.object({ id: z.string().min(1).max(100), name: text(255).default(''), description: text(2000).default('') }),
    )
    .max(20, 'must be at most 20 document stores')
    .default([]),
  chatflowId: z.string().max(100).optional(),
})

/** Tool nodes an assistant may take without settings of their own; saved tools and stores come by id. */
export const ASSISTANT_TOOL_NODES = ['calculator']

/** Reads a custom assistant's details text, or answers 400 naming what is wrong. */
export function readCustomDetails(textValue: string): CustomAssistantDetails {
  return readDetailsText(textValue, detailsSchema) as CustomAssistantDetails
}

/** Every id the details name must be the workspace's own, and the model a chat model with a credential it accepts. */
async function checkReferences(ctx: AppContext, scope: WorkspaceScope, details: CustomAssistantDetails) {
  const model = details.chatModel
  if (model) {
    const node = findNode(model.name)
    if (!node?.descriptor.baseClasses.includes('BaseChatModel')) {
      throw badRequest(`body.details.chatModel.name: ${model.name} is not a chat model`)
    }
    if (model.credential) {
      const credential = await credentialsRepository(ctx.db).find(scope, model.credential)
      const accepted = node.descriptor.credential?.credentialNames ?? []
      if (!credential || !accepted.includes(credential.credential_name)) {
        throw badRequest(
          `body.details.chatModel.credential: not a credential of this workspace that ${node.descriptor.label} accepts`,
        )
      }
    }
  }
  for (const tool of details.tools) {
    if (tool.kind === 'node' && !ASSISTANT_TOOL_NODES.includes(tool.name)) {
      throw badRequest(`body.details.tools: ${tool.name} cannot be an assistant's tool`)
    }
    if (tool.kind === 'saved') {
      const row = await ctx.db
        .selectFrom('tools')
        .select('id')
        .where('workspace_id', '=', scope.workspaceId)
        .where('id', '=', tool.id)
        .executeTakeFirst()
      if (!row) throw badRequest(`body.details.tools: tool ${tool.id} not found`)
    }
  }
  for (const store of details.documentStores) {
    const row = await documentStoresRepository(ctx.db).find(scope, store.id)
    if (!row) throw badRequest(`body.details.documentStores: document store ${store.id} not found`)
    // The store's own name, so the tool the model sees matches what the user sees.
    store.name = row.name
  }
}

/**
 * Checks the details and (re)builds the assistant's flow (type ASSISTANT) when it has a model:
 * created the first time, replaced after. Answers the details with the flow's id.
 */
export async function saveAssistantFlow(
  ctx: AppContext,
  scope: WorkspaceScope,
  details: CustomAssistantDetails,
): Promise<CustomAssistantDetails> {
  await checkReferences(ctx, scope, details)
  if (!details.chatModel) return details
  let flowData: string
  try {
    flowData = JSON.stringify(buildAssistantFlow(details))
  } catch (error) {
    throw badRequest(`body.details: ${error instanceof Error ? error.message : String(error)}`)
  }
  return { ...details, chatflowId: await storeAssistantFlow(ctx, scope, details.name, flowData, details.chatflowId) }
}

/**
 * Writes an assistant's flow (type ASSISTANT): replaces the flow `chatflowId` names when it is one,
 * else creates it. Answers the flow's id.
 */
export async function storeAssistantFlow(
  ctx: AppContext,
  scope: WorkspaceScope,
  name: string,
  flowData: string,
  chatflowId: string | undefined,
): Promise<string> {
  const flows = flowsRepository(ctx.db)
  const now = new Date().toISOString()
  const existing = chatflowId ? await flows.find(scope, chatflowId) : undefined
  if (existing?.type === 'ASSISTANT') {
    await flows.update(scope, existing.id, { name, flow_data: flowData, updated_at: now })
    return existing.id
  }
  const id = randomUUID()
  await flows.insert(scope, {
    id,
    name,
    type: 'ASSISTANT',
    flow_data: flowData,
    deployed: 0,
    is_public: 0,
    category: null,
    chatbot_config: null,
    api_config: null,
    apikey_id: null,
    speech_to_text: null,
    follow_up_prompts: null,
    analytic: null,
    created_at: now,
    updated_at: now,
  })
  return id
}

/** Removes the assistant's flow with it (a flow of another type by that id is left alone). */
export async function deleteAssistantFlow(ctx: AppContext, scope: WorkspaceScope, details: string): Promise<void> {
  let chatflowId: unknown
  try {
    chatflowId = (JSON.parse(details) as { chatflowId?: unknown }).chatflowId
  } catch {
    return
  }
  if (typeof chatflowId !== 'string') return
  const flow = await flowsRepository(ctx.db).find(scope, chatflowId)
  if (flow?.type === 'ASSISTANT') await flowsRepository(ctx.db).remove(scope, chatflowId)
}
