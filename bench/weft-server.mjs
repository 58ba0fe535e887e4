// Starts the built server the way `npm start` does, on a fresh data folder with a first admin, and
// waits until it answers; the returned function stops it and removes the folder.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

export const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' }
const root = new URL('..', import.meta.url).pathname

export async function startWeft(port, name) {
  const home = mkdtempSync(join(tmpdir(), `weft-bench-${name}-`))
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', WEFT_HOME: home, LOG_LEVEL: 'warn', WEFT_ADMIN_EMAIL: ADMIN.email, WEFT_ADMIN_PASSWORD: ADMIN.password },
    stdio: 'ignore',
  })
  for (let i = 0; i < 3000; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/ping`)).ok) break
    } catch {
      await sleep(10)
    }
  }
  return async () => {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    rmSync(home, { recursive: true, force: true })
  }
}
