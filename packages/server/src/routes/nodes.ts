import { z } from 'zod'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { CanvasKind, NodeDescriptor } from '@weft/core'
import { findNode, nodes, readNodeIcon } from '@weft/nodes'
import type { AppContext } from '../context.js'
import { notFound } from '../http-error.js'
import { principalOf } from '../auth/authenticate.js'
import { WORKSPACE_LOAD_METHODS } from '../services/workspace-load-methods.service.js'
import { runLoadMethod } from './load-method.js'
import { serverFolders } from '../services/server-folders.js'

const CANVAS_KINDS = ['chatflow', 'sequential', 'agentflowV2'] as const satisfies readonly CanvasKind[]

/** Reading the catalogue: the canvas needs it, and so does the read-only canvas of a template. */
const READ_ACCESS = { permission: 'chatflows:view,agentflows:view,templates:marketplace,templates:custom' }
/** Load methods may call providers with the caller's credential: only for people who work on flows. */
const LOAD_ACCESS = { permission: 'chatflows:view,agentflows:view' }

const ONE_DAY_SECONDS = 24 * 60 * 60
const JSON_TYPE = 'application/json; charset=utf-8'

// Documents the descriptor's main fields; the answers themselves are JSON computed once, sent as is.
const descriptorSchema = z.looseObject({
  name: z.string(),
  label: z.string(),
  version: z.number(),
  type: z.string(),
  category: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.string(),
  baseClasses: z.array(z.string()),
  inputs: z.array(z.looseObject({ label: z.string(), name: z.string(), type: z.string() })),
  canvases: z.array(z.enum(CANVAS_KINDS)),
})
const inputOption = z.object({ label: z.string(), name: z.string(), description: z.string().optional() })
const nodeName = z.object({
  name: z
    .string()
    .regex(/^[A-Za-z0-9_]+$/, 'must be letters, digits and underscores')
    .max(100, 'is too long'),
})

// A string with a JSON content type goes out as is: Fastify serializes only objects.
const sendJsonText = (reply: FastifyReply, text: string) => reply.type(JSON_TYPE).send(text)

/** The catalogue as JSON text, whole, per canvas kind and per node: it never changes while the server runs. */
function catalogueJson(descriptors: readonly NodeDescriptor[]) {
  return {
    all: JSON.stringify(descriptors),
    byCanvas: new Map(
      CANVAS_KINDS.map((kind) => [kind, JSON.stringify(descriptors.filter((d) => d.canvases.includes(kind)))]),
    ),
    byName: new Map(descriptors.map((d) => [d.name, JSON.stringify(d)])),
  }
}

/** The node catalogue, node icons and the load methods behind asyncOptions inputs. */
export const nodeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Written by the first request that needs it (the canvas's), not while the server starts.
    let written: ReturnType<typeof catalogueJson> | undefined
    const catalogue = () => (written ??= catalogueJson(nodes.map((node) => node.descriptor)))
    const icons = new Map<string, string>()

    app.get(
      '/nodes',
      {
        config: { access: READ_ACCESS },
        schema: {
          querystring: z.object({
            canvas: z.enum(CANVAS_KINDS, `must be one of ${CANVAS_KINDS.join(', ')}`).optional(),
          }),
          response: { 200: z.array(descriptorSchema) },
        },
      },
      async (request, reply) => {
        const { canvas } = request.query
        const json = catalogue()
        return sendJsonText(reply, (canvas && json.byCanvas.get(canvas)) ?? json.all)
      },
    )

    app.get(
      '/nodes/:name',
      { config: { access: READ_ACCESS }, schema: { params: nodeName, response: { 200: descriptorSchema } } },
      async (request, reply) => {
        const descriptor = catalogue().byName.get(request.params.name)
        if (!descriptor) throw notFound(`Node ${request.params.name} not found`)
        return sendJsonText(reply, descriptor)
      },
    )

    app.get(
      '/node-icon/:name',
      {
        config: { access: READ_ACCESS },
        schema: { params: nodeName, response: { 200: z.string().describe('The icon as SVG text (image/svg+xml)') } },
      },
      async (request, reply) => {
        const { name } = request.params
        const svg = icons.get(name) ?? (await readNodeIcon(name))
        if (svg === undefined) throw notFound(`No icon for node ${name}`)
        icons.set(name, svg)
        return reply
          .type('image/svg+xml')
          .header('Cache-Control', `public, max-age=${ONE_DAY_SECONDS}`)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(svg)
      },
    )

    app.post(
      '/node-load-method/:name',
      {
        config: { access: LOAD_ACCESS },
        schema: {
          params: nodeName,
          body: z.object({
            loadMethod: z.string('is required').min(1, 'is required').max(100, 'is too long'),
            inputs: z.record(z.string(), z.unknown(), 'must be an object').optional(),
            credential: z.string('must be a credential id').max(100, 'is too long').optional(),
          }),
          response: { 200: z.array(inputOption) },
        },
      },
      async (request) => {
        const { name } = request.params
        const node = findNode(name)
        if (!node) throw notFound(`Node ${name} not found`)
        const { loadMethod, inputs = {}, credential } = request.body
        const workspaceMethod = Object.hasOwn(WORKSPACE_LOAD_METHODS, loadMethod)
          ? WORKSPACE_LOAD_METHODS[loadMethod]
          : undefined
        // A picker may sit in the rows of an array input (the Agent's Knowledge rows pick stores).
        const declared = node.descriptor.inputs.some(
          (input) => input.loadMethod === loadMethod || input.array?.some((row) => row.loadMethod === loadMethod),
        )
        if (workspaceMethod && declared) return workspaceMethod(ctx, principalOf(request))
        const method =
          node.loadMethods && Object.hasOwn(node.loadMethods, loadMethod) ? node.loadMethods[loadMethod] : undefined
        if (!method) throw notFound(`Node ${name} has no load method ${loadMethod}`)
        return runLoadMethod(
          (signal) => method({ inputs, ...(credential ? { credential } : {}), signal, fetch: ctx.outbound.fetch }),
          undefined,
          serverFolders(ctx),
        )
      },
    )
  }
