import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ChatMessage, RunEvent } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../nodes/src/templates/template-flow.js'
import { childEnvironment, dropTestSchema, testDialects, testSchemaName, type TestDialect } from './test/dialects.js'
import { CHILD_ADMIN } from './test/child-server.js'
import { readEvents } from './test/flows.js'
import { sampleValue } from './test/prometheus.js'

// The real thing: the compiled server (`npm test` builds it first) in a child process, sent
// SIGTERM while it streams an answer from the mock OpenAI server.

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url))
const PORT = 4183
const base = `http://127.0.0.1:${PORT}`

/** Prompt → LLM chain ← OpenAI-compatible chat model on the mock. */
function modelFlow(mock: MockOpenAIServer): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return JSON.stringify(flow.build())
}

describe.each(testDialects())('a server sent SIGTERM on $name', (dialect: TestDialect) => {
  let mock: MockOpenAIServer
  let home: string
  let child: ChildProcess | undefined
  /** On PostgreSQL, the server's schema of its own (WEFT_DATABASE_SCHEMA), dropped afterwards. */
  let schema: string | undefined
  let cookie: string

  beforeEach(async () => {
    mock = await startMockOpenAI()
    home = mkdtempSync(join(tmpdir(), 'weft-shutdown-'))
    schema = dialect.url ? testSchemaName('test_shutdown') : undefined
  })
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await once(child, 'exit')
    }
    await mock.close()
    if (dialect.url && schema) await dropTestSchema(dialect.url, schema)
    rmSync(home, { recursive: true, force: true })
  })

  async function start(graceMs: number) {
    child = spawn(process.execPath, [MAIN], {
      env: {
        ...childEnvironment(),
        PORT: String(PORT),
        HOST: '127.0.0.1',
        WEFT_HOME: home,
        WEFT_ADMIN_EMAIL: CHILD_ADMIN.email,
        WEFT_ADMIN_PASSWORD: CHILD_ADMIN.password,
        WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
        WEFT_SHUTDOWN_GRACE_MS: String(graceMs),
        LOG_LEVEL: 'warn',
        ...(dialect.url && schema ? { DATABASE_URL: dialect.url, WEFT_DATABASE_SCHEMA: schema } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    const started = child
    const exited = once(started, 'exit').then(() => {
      throw new Error('The server exited before it was ready')
    })
    const ready = (async () => {
      for (;;) {
        try {
          if ((await fetch(`${base}/api/v1/ready`)).ok) return
        } catch {
          // Not listening yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    await Promise.race([ready, exited])
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CHILD_ADMIN),
    })
    expect(login.status).toBe(200)
    cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ')
  }

  const post = (path: string, body: unknown) =>
    fetch(`${base}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    })

  /** Starts a streamed answer and resolves once its first token has arrived. */
  async function streamAnswer(flowId: string, chatId: string) {
    const res = await post(`/internal-prediction/${flowId}`, { question: 'Take your time', streaming: true, chatId })
    let firstToken: () => void = () => {}
    const tokenArrived = new Promise<void>((resolve) => (firstToken = resolve))
    const reading = readEvents(res, (event) => event.event === 'token' && firstToken()).catch(
      (error: unknown) => error as Error,
    )
    await tokenArrived
    // In an object: an async function returning the promise itself would wait for it.
    return { reading }
  }

  /** Whether a request sent now is refused: no connection, or 503 on one still open. */
  const refused = async () => {
    try {
      const res = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(2000) })
      return res.status === 503
    } catch {
      return true
    }
  }

  async function exitOf(process: ChildProcess) {
    const [code, signal] = (await once(process, 'exit')) as [number | null, NodeJS.Signals | null]
    return { code, signal }
  }

  /** The chat's messages as stored, read from the database the stopped server left. */
  async function storedMessages(chatId: string): Promise<Pick<ChatMessage, 'role' | 'content' | 'status'>[]> {
    const { openDatabase } = await import('./db/connect.js')
    const { db } = await openDatabase({ url: dialect.url, home, schema })
    try {
      const rows = await db
        .selectFrom('chat_messages')
        .select(['role', 'content', 'status'])
        .where('chat_id', '=', chatId)
        .orderBy('created_at')
        .execute()
      return rows as Pick<ChatMessage, 'role' | 'content' | 'status'>[]
    } finally {
      await db.destroy()
    }
  }

  it('finishes the running answer, refuses new requests meanwhile, and exits 0 within the grace period', async () => {
    const graceMs = 8000
    await start(graceMs)
    const created = await post('/chatflows', { name: 'Slow', type: 'CHATFLOW', flowData: modelFlow(mock) })
    expect(created.status).toBe(201)
    const flowId = ((await created.json()) as { id: string }).id
    // Six words 400 ms apart: about two seconds still to stream when SIGTERM arrives.
    const answer = 'one two three four five six'
    mock.script({ text: answer, chunkDelayMs: 400 })
    const { reading } = await streamAnswer(flowId, 'c1')

    const server = child!
    const exit = exitOf(server)
    const sentAt = Date.now()
    server.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await refused()).toBe(true)

    const events = (await reading) as RunEvent[]
    expect(Array.isArray(events)).toBe(true)
    expect(
      events
        .filter((event) => event.event === 'token')
        .map((event) => event.data)
        .join(''),
    ).toBe(answer)
    expect(events.some((event) => event.event === 'error')).toBe(false)
    expect(events.at(-1)?.event).toBe('end')

    expect(await exit).toEqual({ code: 0, signal: null })
    const took = Date.now() - sentAt
    expect(took).toBeGreaterThan(1000) // it waited for the answer…
    expect(took).toBeLessThan(graceMs) // …and no longer than it needed
    expect(await storedMessages('c1')).toEqual([
      { role: 'userMessage', content: 'Take your time', status: 'complete' },
      { role: 'apiMessage', content: answer, status: 'complete' },
    ])
  }, 120_000)

  it('stops an answer still running when the grace period ends, records it, and exits 0', async () => {
    const graceMs = 1000
    await start(graceMs)
    const created = await post('/chatflows', { name: 'Endless', type: 'CHATFLOW', flowData: modelFlow(mock) })
    const flowId = ((await created.json()) as { id: string }).id
    mock.script({ text: 'First and then nothing for a minute', chunkDelayMs: 60_000 })
    const { reading } = await streamAnswer(flowId, 'c2')
    const metrics = await (await fetch(`${base}/api/v1/metrics`)).text()
    expect(sampleValue(metrics, 'weft_flow_runs_active', { flow_type: 'chatflow' })).toBe(1)

    const server = child!
    const exit = exitOf(server)
    const sentAt = Date.now()
    server.kill('SIGTERM')
    await reading // cut off, or ended: either way it does not hang
    expect(await exit).toEqual({ code: 0, signal: null })
    const took = Date.now() - sentAt
    expect(took).toBeGreaterThanOrEqual(graceMs - 50)
    expect(took).toBeLessThan(graceMs + 5000)
    // The model call was given up too.
    expect(await mock.requests.at(-1)?.outcome).toBe('closed by client')
    const messages = await storedMessages('c2')
    expect(messages.map((message) => [message.role, message.status])).toEqual([
      ['userMessage', 'stopped'],
      ['apiMessage', 'stopped'],
    ])
    expect(messages[1]?.content).toBe('First ')
  }, 120_000)
})
