import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { startMockOpenAI, type MockOpenAIServer } from '../../nodes/src/testing/mock-openai-server.js'
import { childEnvironment, dropTestSchema, testDialects, testSchemaName } from './test/dialects.js'
import { modelChainFlow } from './test/flows.js'
import { cookieOf, freePort, killChild, untilAnswers } from './test/processes.js'
import { removeRedisKeys, TEST_REDIS_URL } from './test/shared-redis.js'

// compose.yaml's server and worker, started by hand on this machine as docker would start them:
// the image's command (the Dockerfile's CMD) and the worker's `command`, with the environment
// compose gives each, its service host names pointed at this machine's PostgreSQL (or SQLite) and
// Redis. A prediction goes through both, and each one's /api/v1/metrics shows its part.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8')) as {
  services: Record<string, { command?: string[]; environment: Record<string, string> }>
}
const imageCommand = JSON.parse(/^CMD (\[.*\])$/m.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'))![1]!) as string[]
const dialect = testDialects().at(-1)!

/** Compose's environment for a service, `${NAME:-default}` filled with its default, hosts made local. */
function environmentOf(service: string, local: Record<string, string>): Record<string, string> {
  const filled = Object.entries(compose.services[service]!.environment).map(([name, value]) => [
    name,
    String(value).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1'),
  ])
  return { ...Object.fromEntries(filled.filter(([, value]) => !value!.includes('${'))), ...local }
}

describe(`compose's server and worker, by hand (${dialect.name})`, () => {
  let mock: MockOpenAIServer
  const children: ChildProcess[] = []
  const home = mkdtempSync(join(tmpdir(), 'weft-compose-'))
  const prefix = `weft-compose-${randomBytes(4).toString('hex')}`
  const schema = dialect.url ? testSchemaName('test_compose') : undefined
  let base: string
  let workerBase: string

  beforeAll(async () => {
    mock = await startMockOpenAI()
    const [port, workerPort] = [await freePort(), await freePort()]
    base = `http://127.0.0.1:${port}`
    workerBase = `http://127.0.0.1:${workerPort}`
    const local = {
      WEFT_SECRET_KEY: 'compose-test-secret-key-0123456789',
      WEFT_HOME: home,
      REDIS_URL: TEST_REDIS_URL,
      WEFT_QUEUE_PREFIX: prefix,
      WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(dialect.url && schema ? { DATABASE_URL: dialect.url, WEFT_DATABASE_SCHEMA: schema } : { DATABASE_URL: '' }),
    }
    const start = (command: string[], env: Record<string, string>) => {
      const child = spawn(command[0] === 'node' ? process.execPath : command[0]!, command.slice(1), {
        cwd: ROOT,
        env: { ...childEnvironment(), ...env },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      children.push(child)
      return child
    }
    const server = start(imageCommand, {
      ...environmentOf('weft', local),
      PORT: String(port),
      WEFT_PUBLIC_URL: base,
      WEFT_ADMIN_EMAIL: 'ops@example.com',
      WEFT_ADMIN_PASSWORD: 'correct horse battery',
    })
    await untilAnswers(`${base}/api/v1/ready`, server)
    const worker = start(compose.services.worker!.command!, {
      ...environmentOf('worker', local),
      WORKER_PORT: String(workerPort),
    })
    await untilAnswers(`${workerBase}/api/v1/ready`, worker)
  }, 60_000)
  afterAll(async () => {
    for (const child of children) await killChild(child)
    await mock.close()
    await removeRedisKeys(prefix)
    rmSync(home, { recursive: true, force: true })
    if (dialect.url && schema) await dropTestSchema(dialect.url, schema)
  })

  it('serve a prediction, and each one’s metrics show it', async () => {
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'correct horse battery' }),
    })
    const cookie = cookieOf(login)
    const created = await fetch(`${base}/api/v1/chatflows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        name: 'Compose',
        type: 'CHATFLOW',
        flowData: modelChainFlow(mock.baseURL),
        isPublic: true,
      }),
    })
    const flowId = ((await created.json()) as { id: string }).id
    mock.script({ text: 'Served by the worker.' })
    const res = await fetch(`${base}/api/v1/prediction/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Who answers?' }),
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { text: string }).text).toBe('Served by the worker.')

    const serverMetrics = await (await fetch(`${base}/api/v1/metrics`)).text()
    expect(serverMetrics).toMatch(
      /weft_http_requests_total\{[^}]*route="\/api\/v1\/prediction\/:id"[^}]*status="200"[^}]*\} 1/,
    )
    const workerMetrics = await (await fetch(`${workerBase}/api/v1/metrics`)).text()
    expect(workerMetrics).toMatch(/weft_flow_runs_total\{[^}]*outcome="success"[^}]*\} 1/)
  }, 60_000)
})
