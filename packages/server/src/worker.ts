import { loadConfig, ConfigError } from './config.js'
import { buildApp, runWorkersOf } from './app.js'

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
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) {
      app.log.warn(`${signal} received again: exiting now`)
      process.exit(1)
    }
    stopping = true
    app.log.info(`${signal} received, stopping the worker (running jobs get ${config.shutdownGraceMs} ms to finish)`)
    const closing = async () => {
      const finished = (await workers?.close(config.shutdownGraceMs)) ?? true
      if (!finished) app.log.warn('Jobs still running were stopped or handed back to the queue')
      await app.close()
    }
    closing().then(
      () => {
        app.log.info('The worker stopped')
        process.exit(0)
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'The worker did not stop cleanly')
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
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
