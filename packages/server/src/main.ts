import { loadConfig, ConfigError } from './config.js'
import { buildApp, DEFAULT_WEB_ROOT } from './app.js'

/** Boots the server and shuts it down cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig(process.env, DEFAULT_WEB_ROOT)
  const app = await buildApp(config)
  const close = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`)
    await app.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void close('SIGINT'))
  process.once('SIGTERM', () => void close('SIGTERM'))
  await app.listen({ port: config.port, host: config.host })
  const storage = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.home}`
  app.log.info(`Weft is ready on ${config.publicUrl}   (${storage}, ${config.platform} edition)`)
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
