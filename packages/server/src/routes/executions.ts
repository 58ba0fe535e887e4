import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { EXECUTION_STATES } from '@weft/core'
import { principalOf } from '../auth/authenticate.js'
import type { AppContext } from '../context.js'
import { streamRunEvents } from '../http/sse.js'
import { HttpError } from '../http-error.js'
import { findMemberFlow } from '../services/flow-access.service.js'
import { predictAnswer } from '../services/prediction.service.js'
import {
  executionStore,
  deleteExecution,
  deleteWorkspaceExecutions,
  getExecution,
  getPublicExecution,
  listWorkspaceExecutions,
  shareExecution,
} from '../services/executions.service.js'
import { bound, isoDate } from './chat-message-fields.js'

const MAX_LIMIT = 1000
const DEFAULT_LIMIT = 12
const MAX_IDS = 10_000

const id = z.string().min(1).max(100)
const byId = z.object({ id })
const state = z.enum(EXECUTION_STATES, `must be one of ${EXECUTION_STATES.join(', ')}`)
const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .refine((text) => Number(text) >= 1 && Number(text) <= max, `must be from 1 to ${max}`)
    .optional()

const listQuery = z.object({
  agentflowId: id.optional(),
  sessionId: z.string().min(1).max(255).optional(),
  state: state.optional(),
  startDate: isoDate,
  endDate: isoDate,
  page: wholeNumber(1_000_000).describe('Counts from 1; 1 when absent'),
  limit: wholeNumber(MAX_LIMIT).describe(`Executions per page; ${DEFAULT_LIMIT} when absent`),
})

const executionSchema = z.object({
  id: z.string(),
  executionData: z.string().describe('JSON text of the executed steps'),
  state,
  agentflowId: z.string(),
  sessionId: z.string(),
  action: z.string().nullable().describe('JSON text of the Human Input a paused run waits on'),
  isPublic: z.boolean(),
  createdDate: z.string(),
  updatedDate: z.string(),
  stoppedDate: z.string().nullable(),
  agentflow: z.object({ id: z.string(), name: z.string() }).optional(),
  error: z
    .string()
    .nullable()
    .optional()
    .describe('Weft’s own: why the run ended in ERROR, TIMEOUT, STOPPED or TERMINATED'),
  interrupted: z.boolean().optional().describe('Weft’s own: a server stopped during the run; it can be resumed'),
})

const deleted = z.object({ deleted: z.number() })
const access = { permission: 'executions:view' }

/**
 * The workspace's agentflow executions (Flowise's paths): listed, read, shared and deleted by
 * members who may view executions (Flowise has no other execution permission); a shared one is
 * readable by anyone.
 */
export const executionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/executions',
      {
        config: { access },
        schema: {
          querystring: listQuery,
          response: { 200: z.object({ data: z.array(executionSchema), total: z.number() }) },
        },
      },
      async (request) => {
        const query = request.query
        const filter = {
          agentflowId: query.agentflowId,
          sessionId: query.sessionId,
          state: query.state,
          startDate: bound(query.startDate, 'start'),
          endDate: bound(query.endDate, 'end'),
        }
        const page = { page: Number(query.page ?? 1), limit: Number(query.limit ?? DEFAULT_LIMIT) }
        return listWorkspaceExecutions(ctx, principalOf(request), filter, page)
      },
    )

    app.get(
      '/executions/:id',
      { config: { access }, schema: { params: byId, response: { 200: executionSchema } } },
      async (request) => getExecution(ctx, principalOf(request), request.params.id),
    )

    app.put(
      '/executions/:id',
      {
        config: { access },
        schema: {
          params: byId,
          body: z.object({ isPublic: z.boolean('must be true or false') }),
          response: { 200: executionSchema },
        },
      },
      async (request) => shareExecution(ctx, principalOf(request), request.params.id, request.body.isPublic),
    )

    app.delete(
      '/executions',
      {
        config: { access },
        schema: {
          body: z.object({
            executionIds: z
              .array(id, 'must be a list of execution ids')
              .max(MAX_IDS, `must hold at most ${MAX_IDS} ids`),
          }),
          response: { 200: deleted },
        },
      },
      async (request) => deleteWorkspaceExecutions(ctx, principalOf(request), request.body.executionIds),
    )

    app.delete(
      '/executions/:id',
      { config: { access }, schema: { params: byId, response: { 200: deleted } } },
      async (request) => deleteExecution(ctx, principalOf(request), request.params.id),
    )

    // The shared execution page reads this without a session.
    app.get(
      '/public-executions/:id',
      { config: { access: 'public' }, schema: { params: byId, response: { 200: executionSchema } } },
      async (request) => getPublicExecution(ctx, request.params.id),
    )

    // Weft's own: a run the server stopped before it finished continues from the step that did not
    // finish, reusing what the finished steps gave. Runs as the member who asks, on the flow as saved now.
    app.post(
      '/executions/:id/resume',
      {
        config: { access: { permission: 'executions:view,agentflows:view' } },
        schema: { params: byId, body: z.object({ streaming: z.boolean('must be true or false').optional() }).optional() },
      },
      async (request, reply) => {
        const principal = principalOf(request)
        const listed = await getExecution(ctx, principal, request.params.id)
        const execution = await executionStore(ctx, principal.workspaceId).get(listed.id)
        if (!execution?.checkpoint || execution.state !== 'TERMINATED') {
          throw new HttpError(409, 'Only a run the server stopped before it finished can be resumed; this one ended on its own.')
        }
        const flow = await findMemberFlow(ctx, principal, listed.agentflowId, 'view')
        const gone = new AbortController()
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) gone.abort()
        })
        const streaming = request.body?.streaming === true
        const call = {
          flow,
          request: { question: execution.checkpoint.question, chatId: execution.sessionId, streaming },
          chatType: 'INTERNAL' as const,
          source: 'ui' as const,
          signal: gone.signal,
          overrides: { nodes: {}, vars: {} },
          resumeExecutionId: execution.id,
        }
        if (streaming) return streamRunEvents(reply, await ctx.runs.start(call))
        return predictAnswer(ctx, call)
      },
    )
  }
