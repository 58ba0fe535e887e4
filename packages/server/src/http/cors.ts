import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

const ALLOWED_HEADERS = 'Content-Type, Authorization'
const ALLOWED_METHODS = 'GET, POST, PUT, OPTIONS'

/**
 * CORS headers for the routes the embedded chatbot calls from other sites. The caller's origin is
 * echoed (without credentials: cookies never cross), and which sites may really use a flow is
 * decided per flow by its allowed origins, not here.
 */
export function corsHeaders(request: FastifyRequest): Record<string, string> {
  const origin = request.headers.origin
  if (!origin) return {}
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    Vary: 'Origin',
  }
}

/** Route hook: adds the CORS headers to every answer of the route, errors included. */
export async function allowCrossOrigin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.headers(corsHeaders(request))
}

/** Answers the browser's preflight for a widget route (the path is in PUBLIC_ROUTES as OPTIONS). */
export function registerPreflight(app: FastifyInstance, path: string): void {
  app.options(path, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    reply.headers({ ...corsHeaders(request), 'Access-Control-Max-Age': '600' })
    return reply.status(204).send()
  })
}
