import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FLOW_TYPES, type FlowType } from '@weft/core'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { acceptLargeJsonBodies, OFF_THREAD_MIN_CHARS } from '../http/json-body.js'
import { createFlow, deleteFlow, getFlow, listFlows, updateFlow } from '../services/flows.service.js'
import {
  analyticText,
  apiConfigText,
  chatbotConfigText,
  followUpPromptsText,
  speechToTextText,
} from './flow-config-fields.js'

const parsesAs = (text: string, accept: (value: unknown) => boolean): boolean => {
  try {
    return accept(JSON.parse(text))
  } catch {
    return false
  }
}
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isFlowData = (value: unknown) => isObject(value) && Array.isArray(value.nodes) && Array.isArray(value.edges)

const flowType = z.enum(FLOW_TYPES, `must be one of ${FLOW_TYPES.join(', ')}`)
const flowName = z.string('is required').trim().min(1, 'is required').max(255, 'must be at most 255 characters')
const NOT_A_FLOW = 'must be JSON of a flow with nodes and edges'
// Flow data this long came in a body parsed (and its flow data checked) on the worker thread.
const flowData = z
  .string(NOT_A_FLOW)
  .refine((text) => text.length >= OFF_THREAD_MIN_CHARS || parsesAs(text, isFlowData), NOT_A_FLOW)
const newFlow = z.object({
  name: flowName,
  type: flowType,
  flowData: flowData.optional(),
  category: z.string('must be text').max(1000, 'must be at most 1000 characters').nullable().optional(),
  deployed: z.boolean('must be true or false').optional(),
  isPublic: z.boolean('must be true or false').optional(),
  chatbotConfig: chatbotConfigText.optional(),
  apiConfig: apiConfigText.optional(),
  speechToText: speechToTextText.optional(),
  followUpPrompts: followUpPromptsText.optional(),
  analytic: analyticText.optional(),
  apikeyid: z
    .string('must be the id of an API key, or null')
    .max(100, 'must be the id of an API key, or null')
    .nullable()
    .optional(),
})

export const flowSchema = z.object({
  id: z.string(),
  name: z.string(),
  flowData: z.string(),
  type: flowType,
  deployed: z.boolean(),
  isPublic: z.boolean(),
  category: z.string().nullable(),
  chatbotConfig: z.string().nullable(),
  apiConfig: z.string().nullable(),
  followUpPrompts: z.string().nullable().optional(),
  analytic: z.string().nullable().optional(),
  apikeyid: z.string().nullable(),
  speechToText: z.string().nullable().optional(),
  workspaceId: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
})

const isTypeList = (text: string) => text.split(',').every((t) => (FLOW_TYPES as readonly string[]).includes(t))
const typeList = z
  .string()
  .refine(isTypeList, `must be ${FLOW_TYPES.join(', ')} or a comma-separated list of them`)
  .optional()
  .describe('One flow type or several, comma-separated; CHATFLOW when absent')

const byId = z.object({ id: z.string().min(1).max(100) })
const viewAccess = { permission: 'chatflows:view,agentflows:view,assistants:view' }

/** CRUD of the workspace's flows of every type (SPEC §7 /chatflows), checked per flow type. */
export const chatflowRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    acceptLargeJsonBodies(app, { flowData: { field: 'flowData', message: NOT_A_FLOW } })
    // Flows of thousands of nodes are tens of MB; the server's other calls keep 5 MB.
    const bodyLimit = ctx.config.flowBodyLimitBytes

    app.get(
      '/chatflows',
      {
        config: { access: viewAccess },
        schema: { querystring: z.object({ type: typeList }), response: { 200: z.array(flowSchema) } },
      },
      async (request) => {
        const types = (request.query.type ?? 'CHATFLOW').split(',') as FlowType[]
        return listFlows(ctx, principalOf(request), [...new Set(types)])
      },
    )

    app.get(
      '/chatflows/:id',
      { config: { access: viewAccess }, schema: { params: byId, response: { 200: flowSchema } } },
      async (request) => getFlow(ctx, principalOf(request), request.params.id),
    )

    app.post(
      '/chatflows',
      {
        config: { access: { permission: 'chatflows:create,agentflows:create' } },
        bodyLimit,
        schema: { body: newFlow, response: { 201: flowSchema } },
      },
      async (request, reply) => reply.status(201).send(await createFlow(ctx, principalOf(request), request.body)),
    )

    app.put(
      '/chatflows/:id',
      {
        config: { access: { permission: 'chatflows:update,agentflows:update' } },
        bodyLimit,
        schema: { params: byId, body: newFlow.partial(), response: { 200: flowSchema } },
      },
      async (request) => updateFlow(ctx, principalOf(request), request.params.id, request.body),
    )

    app.delete(
      '/chatflows/:id',
      {
        config: { access: { permission: 'chatflows:delete,agentflows:delete' } },
        schema: { params: byId, response: { 200: z.object({ id: z.string() }) } },
      },
      async (request) => deleteFlow(ctx, principalOf(request), request.params.id),
    )
  }
