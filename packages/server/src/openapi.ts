import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { splitIds } from '@weft/core'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { isKeyRoute } from './auth/api-key-principal.js'
import type { RouteAccess } from './auth/principal.js'

/**
 * Who may call an operation, as the document states it: `'public'`, `'signed-in'` (any signed-in
 * person), or the permissions of which the caller must hold one. Read by the authorization matrix
 * test and by anyone scripting against the API.
 */
export type DeclaredAccess = 'public' | 'signed-in' | string[]

export const ACCESS_EXTENSION = 'x-weft-access'
/** Whether a workspace API key may call the operation at all (with the permission it names). */
export const API_KEY_EXTENSION = 'x-weft-api-key'

export const declaredAccess = (access: RouteAccess | undefined): DeclaredAccess =>
  typeof access === 'object' ? splitIds(access.permission) : (access ?? 'signed-in')

type TransformInput = Parameters<typeof jsonSchemaTransform>[0]

/** Zod's schemas turned into JSON Schema, plus each operation's declared access from its route config. */
export function accessTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const result = jsonSchemaTransform(input)
  const access = input.route.config?.access
  const extensions = { [ACCESS_EXTENSION]: declaredAccess(access), [API_KEY_EXTENSION]: isKeyRoute(access, input.url) }
  return { ...result, schema: { ...result.schema, ...extensions } as typeof result.schema }
}

/**
 * The OpenAPI document, built from the same Zod schemas that validate requests, at
 * /api/v1/openapi.json; a browsable page at /api-docs (its assets ship in the package: no CDN).
 * Every operation carries `x-weft-access` (see DeclaredAccess) and `x-weft-api-key`.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Weft API', version, description: 'The API behind the Weft app, and the one your apps call.' },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'weft_token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: accessTransform,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api-docs' })
}

export function registerOpenApiRoute(api: FastifyInstance, app: FastifyInstance): void {
  api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger())
}
