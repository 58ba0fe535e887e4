import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type AddressInfo } from 'node:net'

// Small helpers for tests that run Weft's compiled server or worker in a child process.

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Resolves once GET `url` answers 2xx; rejects if `child` exits first. */
export async function untilAnswers(url: string, child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit').then(() => {
    throw new Error(`${child.spawnargs.slice(1).join(' ')} exited before ${url} answered`)
  })
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(url)).ok) return
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  await Promise.race([ready, exited])
}

/** Kills the child with SIGKILL, as a crash would, if it still runs. */
export async function killChild(child: ChildProcess | undefined): Promise<void> {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL')
    await once(child, 'exit')
  }
}

/** The cookie header a sign-in's answer sets. */
export const cookieOf = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
