import type { FastifyBaseLogger } from 'fastify'

/**
 * On the first SIGINT or SIGTERM, logs `stopping` and runs `stop`, then exits 0 (1 if it failed,
 * logged); a second signal exits at once, without waiting.
 */
export function stopOnSignals(
  log: FastifyBaseLogger,
  messages: { stopping: (signal: string) => string; stopped: string },
  stop: () => Promise<void>,
): void {
  let stopping = false
  const onSignal = (signal: string) => {
    if (stopping) {
      log.warn(`${signal} received again: exiting now`)
      process.exit(1)
    }
    stopping = true
    log.info(messages.stopping(signal))
    stop().then(
      () => {
        log.info(messages.stopped)
        process.exit(0)
      },
      (error: unknown) => {
        log.error({ err: error }, 'The shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => onSignal('SIGINT'))
  process.on('SIGTERM', () => onSignal('SIGTERM'))
}
