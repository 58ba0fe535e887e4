import type { FastifyInstance } from 'fastify'
import { loadConfig, ConfigError } from './config.js'
import { buildApp, DEFAULT_WEB_ROOT } from './app.js'
import { runsInProgress } from './metrics/run-metrics.js'
import { stopOnSignals } from './signals.js'

/**
 * Stops the server cleanly: no new connection is accepted and a request on an open one answers
 * 503; running answers get `graceMs` to finish, then their connections are closed, which stops
 * their runs (each is recorded as stopped, with the text it had); the app then closes (database,
 * sandbox, stores). Resolves true when every answer finished within the grace period.
 */
export async function shutDown(app: FastifyInstance, graceMs: number, runs = runsInProgress()): Promise<boolean> {
  const deadline = Date.now() + graceMs
  // Sets Fastify's closing flag (new requests: 503), stops listening, then waits for open requests.
  const closed = app.close()
  // A connection kept alive after its answer would hold the close for its keep-alive time.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100)
  try {
    const finished = await runs.whenIdle(graceMs)
    if (!finished) {
      app.log.warn(`${runs.count()} answer(s) still running after ${graceMs} ms: stopping them`)
      // Their runs stop as their connections close; the app's close waits for them to record it.
      app.server.closeAllConnections()
    }
    // Requests that are not runs (an upload, a long import) are cut at the end of the grace period too.
    const cut = setTimeout(() => app.server.closeAllConnections(), Math.max(0, deadline - Date.now()))
    try {
      await closed
    } finally {
      clearTimeout(cut)
    }
    return finished
  } finally {
    clearInterval(idle)
  }
}

/** Boots the server and shuts it down gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig(process.env, DEFAULT_WEB_ROOT)
  const app = await buildApp(config)
  stopOnSignals(
    app.log,
    {
      stopping: (signal) =>
        `${signal} received, shutting down (running answers get ${config.shutdownGraceMs} ms to finish)`,
      stopped: 'Weft stopped',
    },
    async () => {
      await shutDown(app, config.shutdownGraceMs)
    },
  )
  await app.listen({ port: config.port, host: config.host })
  const storage = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.home}`
  app.log.info(`Weft is ready on ${config.publicUrl}   (${storage}, ${config.platform} edition)`)
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
