import { z } from 'zod'
import {
  PROVIDER_ASSISTANT_TOOLS,
  providerToolResources,
  providerToolSpecs,
  type ProviderAssistantDetails,
  type ProviderToolSpec,
} from '@weft/core'
import { buildProviderAssistantFlow, type AssistantFields } from '@weft/nodes'
import type { AppContext } from '../context.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { badRequest, HttpError } from '../http-error.js'
import { storeAssistantFlow } from './custom-assistant.js'
import { atProvider, type ProviderConnection } from './provider-connection.js'
import { readDetailsText } from './assistant-details.js'

const text = (max: number) => z.string('must be text').max(max, `must be at most ${max} characters`)
const providerId = z
  .string('must be text')
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
// Flowise and forms may send numbers as text; an empty one means "the provider's default".
const optionalNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    z.number('must be a number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).optional(),
  )

// The provider's own limits, checked here so a bad form is a 400 before any call.
const detailsSchema = z.object({
  id: providerId.optional(),
  name: z.string('is required').trim().min(1, 'is required').max(256, 'must be at most 256 characters'),
  description: text(512).optional(),
  model: z.string('is required').trim().min(1, 'is required').max(256, 'must be at most 256 characters'),
  instructions: text(256_000).optional(),
  temperature: optionalNumber(0, 2),
  top_p: optionalNumber(0, 1),
  tools: z
    .array(z.enum(PROVIDER_ASSISTANT_TOOLS, `must be ${PROVIDER_ASSISTANT_TOOLS.join(' or ')}`))
    .max(PROVIDER_ASSISTANT_TOOLS.length)
    .default([]),
  tool_resources: z
    .object({
      code_interpreter: z.object({ file_ids: z.array(providerId).max(20, 'must be at most 20 files') }).optional(),
      file_search: z
        .object({ vector_store_ids: z.array(providerId).max(1, 'an assistant searches at most one vector store') })
        .optional(),
    })
    .optional(),
  files: z
    .array(z.object({ id: providerId, filename: text(255), bytes: z.number().int().min(0).default(0) }))
    .max(20, 'must be at most 20 files')
    .optional(),
  chatflowId: z.string().max(100).optional(),
})

/** Reads an OPENAI or AZURE assistant's details text, or answers 400 naming what is wrong. */
export function readProviderDetails(textValue: string): ProviderAssistantDetails {
  const { tools, ...rest } = readDetailsText(textValue, detailsSchema)
  return { ...rest, tools: [...new Set(tools)] }
}

/** The stored details, read leniently (a row written before is trusted): the ids and the name. */
export function storedProviderFields(details: string): { id?: string; chatflowId?: string; name?: string } {
  let value: Record<string, unknown> = {}
  try {
    value = JSON.parse(details) as Record<string, unknown>
  } catch {
    // A damaged text has none of them.
  }
  const textOf = (field: string) => (typeof value[field] === 'string' && value[field] ? { [field]: value[field] } : {})
  return { ...textOf('id'), ...textOf('chatflowId'), ...textOf('name') }
}

function providerFields(details: ProviderAssistantDetails, atProvider: ProviderToolSpec[] = []): AssistantFields {
  return {
    name: details.name,
    description: details.description ?? '',
    model: details.model,
    instructions: details.instructions ?? '',
    tools: providerToolSpecs(details.tools, atProvider),
    tool_resources: providerToolResources(details.tools, details.tool_resources),
    ...(details.temperature === undefined ? {} : { temperature: details.temperature }),
    ...(details.top_p === undefined ? {} : { top_p: details.top_p }),
  }
}

/** What was written at the provider, and how to take it back if saving here fails. */
export interface PushedAssistant {
  details: ProviderAssistantDetails
  undo: () => Promise<void>
}

/**
 * Writes the details to the provider: changes the assistant `existingId` names (keeping the function
 * tools it has there), else creates one. Answers the details with the provider's id.
 */
export async function pushToProvider(
  connection: ProviderConnection,
  details: ProviderAssistantDetails,
  existingId: string | undefined,
): Promise<PushedAssistant> {
  const { api } = connection
  if (existingId) {
    let current
    try {
      current = await atProvider(api.assistants.retrieve(existingId))
    } catch (error) {
      // The id is the request's (Load existing) or the stored one: either way a field to fix, not a missing route.
      if (error instanceof HttpError && error.statusCode === 404) throw badRequest(`body.details.id: ${error.message}`)
      throw error
    }
    await atProvider(api.assistants.update(existingId, providerFields(details, current.tools)))
    return { details: { ...details, id: existingId }, undo: async () => undefined }
  }
  const created = await atProvider(api.assistants.create(providerFields(details)))
  return {
    details: { ...details, id: created.id },
    undo: async () => {
      await api.assistants.delete(created.id).catch(() => undefined)
    },
  }
}

/** Builds (or rebuilds) the flow the assistant chats through; answers the details with its id. */
export async function saveProviderFlow(
  ctx: AppContext,
  scope: WorkspaceScope,
  assistantId: string,
  details: ProviderAssistantDetails,
  chatflowId: string | undefined,
): Promise<ProviderAssistantDetails> {
  const flowData = JSON.stringify(buildProviderAssistantFlow(assistantId))
  return { ...details, chatflowId: await storeAssistantFlow(ctx, scope, details.name, flowData, chatflowId) }
}
