import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import type { ChildServer } from './child-server.js'
import { childEnvironment } from './dialects.js'
import { freePort, killChild, untilAnswers } from './processes.js'

// Queue-mode workers for fault tests: the compiled worker (`npm run worker`) in a child process on
// the data of a child server (its folder, its PostgreSQL schema), which a test may kill with SIGKILL.

const WORKER = fileURLToPath(new URL('../../dist/worker.js', import.meta.url))

export interface ChildWorker {
  /** Where it serves /api/v1/health, /ready and /metrics. */
  base: string
  start: () => Promise<void>
  /** Kills it with SIGKILL, as a crash would. */
  kill: () => Promise<void>
  /** Sends SIGTERM and waits for it to exit; answers its exit code. */
  stop: () => Promise<number | null>
  /** Runs in progress on it now, from its metrics. */
  activeRuns: () => Promise<number>
}

/** A worker on the data of `server`, with `env` (MODE=queue, REDIS_URL, the prefix: as the server's). */
export async function childWorker(server: ChildServer, env: Record<string, string>): Promise<ChildWorker> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  let child: ChildProcess | undefined
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null
  return {
    base,
    async start() {
      const started = spawn(process.execPath, [WORKER], {
        env: {
          ...childEnvironment(),
          WORKER_PORT: String(port),
          HOST: '127.0.0.1',
          WEFT_HOME: server.home,
          WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
          LOG_LEVEL: 'warn',
          ...(server.databaseUrl && server.schema
            ? { DATABASE_URL: server.databaseUrl, WEFT_DATABASE_SCHEMA: server.schema }
            : {}),
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      child = started
      await untilAnswers(`${base}/api/v1/ready`, started)
    },
    kill: () => killChild(child),
    async stop() {
      if (!child || !running()) return child?.exitCode ?? null
      const exit = once(child, 'exit')
      child.kill('SIGTERM')
      const [code] = (await exit) as [number | null]
      return code
    },
    async activeRuns() {
      const text = await (await fetch(`${base}/api/v1/metrics`)).text()
      return text
        .split('\n')
        .filter((line) => line.startsWith('weft_flow_runs_active'))
        .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0)
    },
  }
}
