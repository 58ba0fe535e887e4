import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/**
 * Compresses answers of 1 KB and more (brotli at a fast level, or gzip). Server-Sent Events are
 * never touched: they are written on the raw socket (see sse.ts), and their type is left out here
 * too, so each token still leaves the moment it exists. The web app's files come pre-compressed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: (type) =>
      !type.startsWith('text/event-stream') &&
      /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/.test(type),
    // Request bodies are small JSON; undoing a client's compression would only open a door to zip bombs.
    globalDecompression: false,
  })
}
