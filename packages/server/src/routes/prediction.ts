import { chatSourceOf, runSessionOf, type ChatType, type PredictionRequest } from '@weft/core'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf } from '../auth/authenticate.js'
import type { AppContext } from '../context.js'
import type { FlowRow } from '../db/tables.js'
import { allowCrossOrigin, corsHeaders, registerPreflight } from '../http/cors.js'
import { FLOW_RATE_LIMIT, flowRateLimit, setFlowRateLimit } from '../http/flow-rate-limit.js'
import { streamRunEvents } from '../http/sse.js'
import { findMemberFlow, openFlowForCaller } from '../services/flow-access.service.js'
import { requireRunnable } from '../services/flow-check.js'
import { allowedOverrides } from '../services/flow-overrides.js'
import { predictAnswer } from '../services/prediction.service.js'
import { withStopEvent } from '../services/running-answers.js'
import { takeUploads } from '../services/uploads.js'
import { flowIdParams, PREDICTION_BODY_LIMIT, predictionBody } from './prediction-fields.js'

/** The flow each request runs, loaded (and its caller let in) before the rate limit counts it. */
const flows = new WeakMap<FastifyRequest, FlowRow>()

/**
 * Runs the flow for the request and answers JSON, or Server-Sent Events when `streaming` is asked.
 * The client going away before the answer is complete stops the run.
 */
async function answer(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowRow,
  chatType: ChatType,
) {
  const body = request.body as PredictionRequest
  const gone = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) gone.abort()
  })
  // A Stop sent for the chat on a request of its own (the embed's Stop button) aborts the run the same
  // way; the answer is over when its response closes.
  const chatId = runSessionOf(body).chatId
  if (chatId) reply.raw.on('close', ctx.runningAnswers.track(flow.id, chatId, gone))
  // Checked before the stream opens, so a refused override answers 403 and nothing runs. The
  // session is a run option, never checked as an override.
  const overrides = allowedOverrides(flow, runSessionOf(body).overrideConfig)
  await requireRunnable(ctx, flow)
  // Uploads are checked (400) and voice messages transcribed before the stream opens or anything is stored.
  const { question, prompt, uploads } = await takeUploads(ctx, flow, body, gone.signal)
  const asked = { ...body, question, uploads }
  const source = chatSourceOf({ internal: chatType === 'INTERNAL', origin: request.headers.origin })
  const call = { flow, request: asked, chatType, source, signal: gone.signal, overrides, prompt }
  if (body.streaming) return streamRunEvents(reply, withStopEvent(await ctx.runs.start(call), gone.signal), corsHeaders(request))
  return predictAnswer(ctx, call)
}

/** Running flows: by API key, public chatbot or signed-in member (prediction), and from the canvas. */
export const predictionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerPreflight(app, '/prediction/:id')

    app.post(
      '/prediction/:id',
      {
        config: { access: 'public', rateLimit: FLOW_RATE_LIMIT },
        bodyLimit: PREDICTION_BODY_LIMIT,
        schema: { params: flowIdParams, body: predictionBody },
        onRequest: allowCrossOrigin,
        preHandler: async (request) => {
          const { flow } = await openFlowForCaller(ctx, request, request.params.id)
          flows.set(request, flow)
          setFlowRateLimit(request, flowRateLimit(flow))
        },
      },
      async (request, reply) => {
        const flow = flows.get(request)
        if (!flow) throw new Error('The flow was not loaded before the prediction ran')
        return answer(ctx, request, reply, flow, 'EXTERNAL')
      },
    )

    app.post(
      '/internal-prediction/:id',
      {
        config: { access: { permission: 'chatflows:view,agentflows:view' } },
        bodyLimit: PREDICTION_BODY_LIMIT,
        schema: { params: flowIdParams, body: predictionBody },
      },
      async (request, reply) => {
        const flow = await findMemberFlow(ctx, principalOf(request), request.params.id, 'view')
        return answer(ctx, request, reply, flow, 'INTERNAL')
      },
    )
  }
