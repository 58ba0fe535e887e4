import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ChatMessage } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../nodes/src/templates/template-flow.js'
import { INTERRUPTED_ANSWER } from './services/chat-messages.service.js'
import { readEvents } from './test/flows.js'

// The real thing: the compiled server (`npm test` builds it first) in a child process, killed with
// SIGKILL while it streams an answer, then started again on the same data folder.

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url))
const ADMIN = { email: 'ops@example.com', password: 'correct horse battery' }

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A chat model pointed at the mock, answering through an LLM chain. */
function slowModelFlow(mock: MockOpenAIServer): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer briefly: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return JSON.stringify(flow.build())
}

describe('a server killed while it streams an answer', () => {
  let home: string
  let mock: MockOpenAIServer
  let server: ChildProcess | undefined
  let base: string

  beforeEach(async () => {
    home = mkdtempSync(join(tmpdir(), 'weft-crash-'))
    mock = await startMockOpenAI()
    base = `http://127.0.0.1:${await freePort()}`
  })
  afterEach(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL')
      await once(server, 'exit')
    }
    await mock.close()
    rmSync(home, { recursive: true, force: true })
  })

  async function startServer(): Promise<void> {
    const { DATABASE_URL: _database, ...env } = process.env
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...env,
        PORT: new URL(base).port,
        HOST: '127.0.0.1',
        WEFT_HOME: home,
        WEFT_ADMIN_EMAIL: ADMIN.email,
        WEFT_ADMIN_PASSWORD: ADMIN.password,
        WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    server = child
    const exited = once(child, 'exit').then(() => {
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

  async function signIn(): Promise<string> {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    expect(res.status).toBe(200)
    return res.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ')
  }

  const post = (path: string, cookie: string, body: unknown) =>
    fetch(`${base}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    })

  it('keeps the question, and the answer says it was interrupted', async () => {
    await startServer()
    let cookie = await signIn()
    const created = await post('/chatflows', cookie, { name: 'Slow', type: 'CHATFLOW', flowData: slowModelFlow(mock) })
    expect(created.status).toBe(201)
    const flowId = ((await created.json()) as { id: string }).id

    // One word, then the model keeps the stream open far longer than the test runs.
    mock.script({ text: 'Partial answer never finished', chunkDelayMs: 600_000 })
    const res = await post(`/internal-prediction/${flowId}`, cookie, {
      question: 'Will this survive?',
      streaming: true,
      chatId: 'c1',
    })
    let firstToken: () => void = () => {}
    const tokenArrived = new Promise<void>((resolve) => (firstToken = resolve))
    const reading = readEvents(res, (event) => event.event === 'token' && firstToken()).catch(() => 'cut off')
    await tokenArrived

    server!.kill('SIGKILL')
    await once(server!, 'exit')
    expect(await reading).toBe('cut off')

    await startServer()
    cookie = await signIn()
    const history = await fetch(`${base}/api/v1/chatmessage/${flowId}?chatId=c1`, { headers: { cookie } })
    const messages = (await history.json()) as ChatMessage[]
    expect(messages.map((m) => [m.role, m.content, m.status])).toEqual([
      ['userMessage', 'Will this survive?', 'interrupted'],
      ['apiMessage', INTERRUPTED_ANSWER, 'interrupted'],
    ])
  }, 120_000) // two starts of a real server on a shared 2-core machine
})
