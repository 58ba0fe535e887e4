import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/**
 * The OpenAPI document, built from the same Zod schemas that validate requests, at
 * /api/v1/openapi.json; a browsable page at /api-docs (its assets ship in the package: no CDN).
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
    transform: jsonSchemaTransform,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api-docs' })
}

export function registerOpenApiRoute(api: FastifyInstance, app: FastifyInstance): void {
  api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger())
}
