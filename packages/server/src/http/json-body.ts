import type { FastifyInstance } from 'fastify'

/**
 * JSON bodies as Fastify parses them (with its guards against prototype poisoning), except that an
 * empty body is no body: Flowise clients send `Content-Type: application/json` on a DELETE with
 * nothing after it, and that must delete rather than answer 400. A route whose schema needs a body
 * still refuses the request, naming what is missing.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined)
    parseJson(request, body as string, done)
  })
}
