import { loadConfig, ConfigError } from './config.js'
import { buildApp, runWorkersOf } from './app.js'
import { documentStoreWorkerOf } from './queue/document-store-worker.js'
import { stopOnSignals } from './signals.js'

/**
 * `npm run worker`: a queue-mode worker. It runs the flow runs servers put on the queue, with the
 * same engine and database, and serves /api/v1/health, /ready and /metrics on WORKER_PORT. On
 * SIGTERM/SIGINT it takes no new job; running ones get WEFT_SHUTDOWN_GRACE_MS to finish, then
 * chatflow answers are stopped (recorded as stopped) and agentflow runs go on another worker.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env)
  if (!config.queue) {
    throw new ConfigError('A worker runs in queue mode only: set MODE=queue and REDIS_URL (the same as the servers).')
  }
  const app = await buildApp(config, { role: 'worker' })
  const workers = runWorkersOf(app)
  stopOnSignals(
    app.log,
    {
      stopping: (signal) =>
        `${signal} received, stopping the worker (running jobs get ${config.shutdownGraceMs} ms to finish)`,
      stopped: 'The worker stopped',
    },
    async () => {
      // Run jobs and document store jobs get the same grace period, side by side.
      const [runsFinished, documentJobsFinished] = await Promise.all([
        workers?.close(config.shutdownGraceMs) ?? true,
        documentStoreWorkerOf(app)?.close(config.shutdownGraceMs) ?? true,
      ])
      if (!runsFinished) app.log.warn('Jobs still running were stopped or handed back to the queue')
      if (!documentJobsFinished) {
        app.log.warn('Document store jobs still running were stopped: they are marked interrupted')
      }
      await app.close()
    },
  )
  await app.listen({ port: config.queue.workerPort, host: config.host })
  const storage = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.home}`
  app.log.info(
    `Weft worker is ready: ${config.queue.concurrency} run(s) at once per queue, probes on port ${config.queue.workerPort} (${storage})`,
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
