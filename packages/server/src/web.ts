import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/**
 * Serves the built web app from one port with history fallback: any GET that is not an API call
 * and not a file answers index.html, and the browser's router takes it from there.
 * Unknown /api paths, in any letter case, answer a JSON 404 and never the app.
 */
export async function registerWeb(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const hasApp = webRoot !== undefined && existsSync(join(webRoot, 'index.html'))
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // Other sites load the chat widget as a module script, which browsers fetch with CORS.
      setHeaders: (res, path) => {
        if (path.endsWith('embed.js')) res.setHeader('access-control-allow-origin', '*')
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.toLowerCase().startsWith('/api/')
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi
    if (hasApp && wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html')
    return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `Route ${request.method} ${request.url.split('?')[0]} not found` })
  })
}
