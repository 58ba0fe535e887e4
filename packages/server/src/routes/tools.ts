import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { explainToolName, isToolIconSrc, readToolInputSchema, TOOL_ICON_SRC_MAX } from '@weft/core'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { createTool, deleteTool, getTool, listTools, testTool, updateTool } from '../services/tools.service.js'

const DESCRIPTION_MAX = 10_000
const FUNC_MAX = 100_000
const SCHEMA_MAX = 100_000
const COLOR_MAX = 50
/** Colours and gradients as CSS writes them (#4caf50, rgb(…), linear-gradient(…)): nothing that could end the value. */
const CSS_COLOR = /^[#a-zA-Z0-9(),.%\s-]+$/

const requiredText = (max: number) =>
  z.string('is required').trim().min(1, 'is required').max(max, `must be at most ${max} characters`)

function iconSrcProblem(src: string): string | undefined {
  if (src.length > TOOL_ICON_SRC_MAX) return `must be at most ${TOOL_ICON_SRC_MAX} characters`
  if (src === '' || isToolIconSrc(src)) return undefined
  return 'must be an http(s) address, a path starting with / or a data:image/ URL'
}

/** Text that `check` answers a problem for (the first one it finds), or nothing wrong. */
const checkedText = <T extends z.ZodString>(text: T, check: (value: string) => string | undefined) =>
  text.superRefine((value, issues) => {
    const problem = check(value)
    if (problem) issues.addIssue({ code: 'custom', message: problem })
  })

const name = checkedText(z.string('is required').trim(), explainToolName)
const description = requiredText(DESCRIPTION_MAX)
const color = requiredText(COLOR_MAX).regex(CSS_COLOR, 'must be a CSS colour such as #4caf50')
// '' clears the icon, as null does.
const iconSrc = checkedText(z.string('must be text or null').trim(), iconSrcProblem).nullable()
const schema = checkedText(z.string('must be JSON text or null'), (text) =>
  text.length > SCHEMA_MAX ? `must be at most ${SCHEMA_MAX} characters` : readToolInputSchema(text).error,
).nullable()
const func = z.string('must be text or null').max(FUNC_MAX, `must be at most ${FUNC_MAX} characters`).nullable()

const newTool = z.object({
  name,
  description,
  color,
  iconSrc: iconSrc.optional(),
  schema: schema.optional(),
  func: func.optional(),
})
const toolUpdate = newTool.partial()

const toolTest = z
  .object({
    func: z
      .string('is required')
      .max(FUNC_MAX, `must be at most ${FUNC_MAX} characters`)
      .refine((code) => code.trim() !== '', 'is required'),
    schema: schema.optional(),
    input: z.record(z.string(), z.unknown(), 'must be an object of the arguments by name').default({}),
  })
  .superRefine(({ schema: text, input }, issues) => {
    // A model always fills in the required arguments; a test without them would show a failure no run has.
    const required = (text && readToolInputSchema(text).schema?.required) || []
    const missing = required.filter((property) => input[property] === undefined)
    if (missing.length) {
      const names = missing.map((property) => `"${property}"`).join(', ')
      issues.addIssue({ code: 'custom', path: ['input'], message: `misses ${names}, which the schema requires` })
    }
  })

const toolSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  iconSrc: z.string().nullable(),
  schema: z.string().nullable(),
  func: z.string().nullable(),
  workspaceId: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
})
const testAnswer = z.union([z.object({ output: z.string() }), z.object({ error: z.string() })])

const byId = z.object({ id: z.string().min(1).max(100) })

/** CRUD of the workspace's saved custom tools (SPEC /tools), which Custom Tool nodes pick by id; and a test run. */
export const toolRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tools',
      { config: { access: { permission: 'tools:view' } }, schema: { response: { 200: z.array(toolSchema) } } },
      async (request) => listTools(ctx, principalOf(request)),
    )

    app.get(
      '/tools/:id',
      {
        config: { access: { permission: 'tools:view' } },
        schema: { params: byId, response: { 200: toolSchema } },
      },
      async (request) => getTool(ctx, principalOf(request), request.params.id),
    )

    app.post(
      '/tools',
      {
        config: { access: { permission: 'tools:create' } },
        schema: { body: newTool, response: { 201: toolSchema } },
      },
      async (request, reply) => reply.status(201).send(await createTool(ctx, principalOf(request), request.body)),
    )

    // Runs the code on a sandbox worker thread: the time limit and a stuck loop never hold up this thread.
    app.post(
      '/tools/test',
      {
        config: { access: { permission: 'tools:create,tools:update' } },
        schema: { body: toolTest, response: { 200: testAnswer } },
      },
      async (request, reply) => {
        const gone = new AbortController()
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) gone.abort()
        })
        const { func: code, input } = request.body
        return testTool(ctx, principalOf(request), code, input, gone.signal)
      },
    )

    app.put(
      '/tools/:id',
      {
        config: { access: { permission: 'tools:update' } },
        schema: { params: byId, body: toolUpdate, response: { 200: toolSchema } },
      },
      async (request) => updateTool(ctx, principalOf(request), request.params.id, request.body),
    )

    app.delete(
      '/tools/:id',
      {
        config: { access: { permission: 'tools:delete' } },
        schema: { params: byId, response: { 200: z.object({ id: z.string() }) } },
      },
      async (request) => deleteTool(ctx, principalOf(request), request.params.id),
    )
  }
