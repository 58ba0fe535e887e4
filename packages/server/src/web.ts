import { existsSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { allowFraming } from './http/security-headers.js'

/** The sites that may show the chatbot page of a flow in a frame (CSP frame-ancestors sources). */
export type FrameAncestorsOf = (flowId: string) => Promise<string[]>

const YEAR = 'public, max-age=31536000, immutable'
// Files without a content hash (the widget, the icon) may change with any release.
const SHORT = 'public, max-age=300'

/**
 * Vite names every file under assets/ by its content, so it never changes and may be kept a
 * year; index.html names the current ones and is checked on every load.
 */
function cacheControl(webRoot: string, file: string): string {
  const path = relative(webRoot, file).replace(/\.(br|gz)$/, '')
  if (path.startsWith(`assets${sep}`)) return YEAR
  return path.endsWith('.html') ? 'no-cache' : SHORT
}

/**
 * Serves the built web app from one port with history fallback: any GET that is not an API call
 * and not a file answers index.html, and the browser's router takes it from there.
 * Unknown /api paths, in any letter case, answer a JSON 404 and never the app.
 * Files go out as the brotli or gzip copy `npm run build` wrote beside them, when the browser takes it.
 */
export async function registerWeb(
  app: FastifyInstance,
  webRoot: string | undefined,
  frameAncestorsOf: FrameAncestorsOf,
): Promise<void> {
  const hasApp = webRoot !== undefined && existsSync(join(webRoot, 'index.html'))
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', cacheControl(webRoot, file))
        res.setHeader('vary', 'accept-encoding')
        // Other sites load the chat widget as a module script, which browsers fetch with CORS.
        if (/[/\\]embed\.js(\.br|\.gz)?$/.test(file)) {
          res.setHeader('access-control-allow-origin', '*')
          res.setHeader('cross-origin-resource-policy', 'cross-origin')
        }
      },
    })
    // The public chatbot page, which the flow's allowed sites may show in a frame.
    app.get<{ Params: { id: string } }>('/chatbot/:id', async (request, reply) => {
      allowFraming(reply, await frameAncestorsOf(request.params.id))
      return reply.sendFile('index.html')
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.toLowerCase().startsWith('/api/')
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi
    if (hasApp && wantsPage) return reply.sendFile('index.html')
    return reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    })
  })
}
