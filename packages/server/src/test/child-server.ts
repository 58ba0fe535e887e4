import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// The real thing for tests of crashes and restarts: the compiled server (`npm test` builds it first)
// in a child process on a data folder of the test's, which the test may kill with SIGKILL and start
// again on the same folder.

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url))
export const CHILD_ADMIN = { email: 'ops@example.com', password: 'correct horse battery' }

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export interface ChildServer {
  base: string
  /** Its data folder (WEFT_HOME), for tests that look at what it wrote. */
  home: string
  /** Starts the server (again) on the data folder and waits until it answers. */
  start: () => Promise<void>
  /** Kills it with SIGKILL, as a crash would, if it runs. */
  kill: () => Promise<void>
  /** Signs the first admin in and answers the session's cookie header. */
  signIn: () => Promise<string>
  /** Kills the server and removes its data folder. */
  close: () => Promise<void>
}

export interface ChildServerOptions {
  /** A fixed port, when the address must be known before (a redirect URI registered with a provider). */
  port?: number
  /** The first admin, instead of CHILD_ADMIN; signIn signs this one in. */
  admin?: { name?: string; email: string; password: string }
}

/**
 * A server on a new data folder of its own (named after `name`), not started yet, on a free port
 * unless `options.port`; `env` adds to or overrides its environment (an edition, a mail server).
 */
export async function childServer(
  name: string,
  env: Record<string, string> = {},
  options: ChildServerOptions = {},
): Promise<ChildServer> {
  const home = mkdtempSync(join(tmpdir(), `weft-${name}-`))
  const base = `http://127.0.0.1:${options.port ?? (await freePort())}`
  const admin = options.admin ?? CHILD_ADMIN
  let child: ChildProcess | undefined
  const kill = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await once(child, 'exit')
    }
  }
  const start = async () => {
    const { DATABASE_URL: _database, ...inherited } = process.env
    const started = spawn(process.execPath, [MAIN], {
      env: {
        ...inherited,
        PORT: new URL(base).port,
        HOST: '127.0.0.1',
        WEFT_HOME: home,
        WEFT_PUBLIC_URL: base,
        ...(options.admin?.name === undefined ? {} : { WEFT_ADMIN_NAME: options.admin.name }),
        WEFT_ADMIN_EMAIL: admin.email,
        WEFT_ADMIN_PASSWORD: admin.password,
        WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child = started
    const exited = once(started, 'exit').then(() => {
      throw new Error('The server exited before it was ready')
    })
    const ready = (async () => {
      for (;;) {
        try {
          if ((await fetch(`${base}/api/v1/ping`)).ok) return
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      }
    })()
    await Promise.race([ready, exited])
  }
  const signIn = async () => {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    })
    if (res.status !== 200) throw new Error(`Sign-in answered ${res.status}`)
    return res.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ')
  }
  const close = async () => {
    await kill()
    rmSync(home, { recursive: true, force: true })
  }
  return { base, home, start, kill, signIn, close }
}
