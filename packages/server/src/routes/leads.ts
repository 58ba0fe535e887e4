import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf } from '../auth/authenticate.js'
import type { AppContext } from '../context.js'
import type { FlowRow } from '../db/tables.js'
import { allowCrossOrigin, registerPreflight } from '../http/cors.js'
import { FLOW_RATE_LIMIT, flowRateLimit, setFlowRateLimit } from '../http/flow-rate-limit.js'
import { addLead, listFlowLeads, openLeadFlow } from '../services/leads.service.js'

const id = z.string('is required').min(1, 'is required').max(255, 'must be at most 255 characters')
const detail = z.string('must be text').max(255, 'must be at most 255 characters').nullable().optional()

const lead = z.object({
  id: z.string(),
  chatflowid: z.string(),
  chatId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdDate: z.string(),
})

/** The flow each lead is left for, loaded (and its caller let in) before the rate limit counts it. */
const flows = new WeakMap<FastifyRequest, FlowRow>()

/**
 * Contact details left in chatbots that ask for them: sent by whoever may call the flow, limited
 * per client as its predictions are, read by members.
 */
export const leadRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerPreflight(app, '/leads')

    app.post(
      '/leads',
      {
        config: { access: 'public', rateLimit: FLOW_RATE_LIMIT },
        onRequest: allowCrossOrigin,
        schema: {
          body: z.object({ chatflowid: id, chatId: id, name: detail, email: detail, phone: detail }),
          response: { 200: lead },
        },
        preHandler: async (request) => {
          const flow = await openLeadFlow(ctx, request, request.body.chatflowid)
          flows.set(request, flow)
          setFlowRateLimit(request, flowRateLimit(flow), flow.id)
        },
      },
      async (request) => {
        const flow = flows.get(request)
        if (!flow) throw new Error('The flow was not loaded before the lead was stored')
        return addLead(ctx, flow, request.body)
      },
    )

    app.get(
      '/leads/:flowId',
      {
        config: { access: { permission: 'chatflows:view,agentflows:view' } },
        schema: { params: z.object({ flowId: id }), response: { 200: z.array(lead) } },
      },
      async (request) => listFlowLeads(ctx, principalOf(request), request.params.flowId),
    )
  }
