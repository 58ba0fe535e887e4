import { FILE_MAX_MB_LIMIT, type InputFile } from '@weft/core'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../auth/authenticate.js'
import type { AppContext } from '../context.js'
import type { FlowRow } from '../db/tables.js'
import { allowCrossOrigin, registerPreflight } from '../http/cors.js'
import { FLOW_RATE_LIMIT, flowRateLimit, setFlowRateLimit } from '../http/flow-rate-limit.js'
import { findMemberFlow, openFlowForCaller } from '../services/flow-access.service.js'
import { allowedOverrides } from '../services/flow-overrides.js'
import { listFlowUpserts, recordUpsert } from '../services/upsert-history.service.js'
import { checkUpsertCaller, readUpsertForm, upsertVectors } from '../services/vector-upsert.service.js'
import { bound, isoDate } from './chat-message-fields.js'
import { flowIdParams } from './prediction-fields.js'

/** Flowise's JSON body; a multipart/form-data body is read into the same fields before validation. */
const upsertBody = z
  .object({
    overrideConfig: z.record(z.string(), z.unknown(), 'must be an object').optional(),
    stopNodeId: z
      .string('must be text')
      .min(1, 'must not be empty')
      .max(255, 'must be at most 255 characters')
      .optional(),
  })
  .optional()
type UpsertBody = NonNullable<z.infer<typeof upsertBody>>

const upsertAnswer = z.object({
  numAdded: z.number(),
  numDeleted: z.number(),
  numUpdated: z.number(),
  numSkipped: z.number(),
  addedDocs: z.array(z.object({ pageContent: z.string(), metadata: z.record(z.string(), z.unknown()) })),
})

/** The files of a multipart upsert, the largest a file sent with a question may be, and room for the form. */
const UPSERT_BODY_LIMIT = (FILE_MAX_MB_LIMIT + 1) * 1024 * 1024

/** The flow each request upserts (loaded, its caller let in, before the rate limit counts it), and its files. */
const flows = new WeakMap<FastifyRequest, FlowRow>()
const sentFiles = new WeakMap<FastifyRequest, InputFile[]>()

/** preValidation: a multipart body becomes the JSON fields, its files kept aside for the handler. */
async function readMultipart(request: FastifyRequest): Promise<void> {
  if (!Buffer.isBuffer(request.body)) return
  const { files, overrideConfig, stopNodeId } = await readUpsertForm(
    request.body,
    request.headers['content-type'] ?? '',
  )
  sentFiles.set(request, files)
  request.body = { overrideConfig, ...(stopNodeId ? { stopNodeId } : {}) }
}

async function answer(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, flow: FlowRow, body: UpsertBody) {
  const gone = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) gone.abort()
  })
  // Checked before anything is built, so a refused override answers 403 and nothing is written.
  const overrides = allowedOverrides(flow, body.overrideConfig)
  const result = await upsertVectors(ctx, {
    flow,
    overrides,
    ...(body.stopNodeId ? { stopNodeId: body.stopNodeId } : {}),
    files: sentFiles.get(request) ?? [],
    signal: gone.signal,
  })
  await recordUpsert(ctx, flow, result)
  return result
}

/**
 * Flowise's vector upsert of a chatflow (`/vector/upsert/:id`), which loads the flow's documents
 * into its vector stores without asking a question: by the flow's API key or a member's session
 * (a public flow lets anyone chat, not upsert), and from the canvas (`/vector/internal-upsert/:id`).
 */
export const vectorUpsertRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Only this plugin's routes take multipart bodies; they arrive whole and preValidation reads them.
    app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
    registerPreflight(app, '/vector/upsert/:id')

    const schema = {
      params: flowIdParams,
      body: upsertBody,
      description:
        'JSON { overrideConfig, stopNodeId }, or multipart/form-data with files in "files" and overrideConfig values as fields.',
      response: { 200: upsertAnswer },
    }

    app.post(
      '/vector/upsert/:id',
      {
        config: { access: 'public', rateLimit: FLOW_RATE_LIMIT },
        bodyLimit: UPSERT_BODY_LIMIT,
        schema,
        onRequest: allowCrossOrigin,
        preValidation: readMultipart,
        preHandler: async (request) => {
          const { flow, caller } = await openFlowForCaller(ctx, request, request.params.id)
          await checkUpsertCaller(ctx, request, flow, caller)
          flows.set(request, flow)
          setFlowRateLimit(request, flowRateLimit(flow))
        },
      },
      async (request, reply) => {
        const flow = flows.get(request)
        if (!flow) throw new Error('The flow was not loaded before the upsert ran')
        return answer(ctx, request, reply, flow, request.body ?? {})
      },
    )

    app.post(
      '/vector/internal-upsert/:id',
      {
        config: { access: { permission: 'chatflows:update' } },
        bodyLimit: UPSERT_BODY_LIMIT,
        schema,
        preValidation: readMultipart,
      },
      async (request, reply) => {
        const flow = await findMemberFlow(ctx, principalOf(request), request.params.id, 'update')
        return answer(ctx, request, reply, flow, request.body ?? {})
      },
    )

    app.get(
      '/upsert-history/:id',
      {
        config: { access: { permission: 'chatflows:view' } },
        schema: {
          params: flowIdParams,
          querystring: z.object({
            order: z.enum(['ASC', 'DESC'], 'must be ASC or DESC').optional(),
            startDate: isoDate,
            endDate: isoDate,
          }),
          response: {
            200: z.array(
              z.object({
                id: z.string(),
                chatflowid: z.string(),
                result: z.record(z.string(), z.unknown()),
                flowData: z.record(z.string(), z.unknown()),
                date: z.string(),
              }),
            ),
          },
        },
      },
      // Flowise's upsert history of a flow: each upsert's counts and the vector stores it wrote.
      async (request) =>
        listFlowUpserts(ctx, principalOf(request), request.params.id, {
          descending: request.query.order === 'DESC',
          from: bound(request.query.startDate, 'start'),
          to: bound(request.query.endDate, 'end'),
        }),
    )
  }
