import { randomBytes } from 'node:crypto'
import type { ChatMessage, PredictionResponse, RunEvent } from '@weft/core'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { agentflowData } from '../../../engine/src/testing/test-agentflow.js'
import { buildApp } from '../app.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, listen, modelChainFlow, readEvents } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { removeRedisKeys, TEST_REDIS_URL } from '../test/shared-redis.js'
import { QUEUE_UNREACHABLE } from './queued-runs.js'

// Queue mode in one process: a server app and a worker app (role `worker`) on the same database
// and the machine's Redis under a prefix of this test's own. The server only enqueues and relays;
// the worker runs the flow against a stand-in OpenAI server on 127.0.0.1.

const runsCounted = async (base: string) => {
  const text = await (await fetch(`${base}/api/v1/metrics`)).text()
  return text
    .split('\n')
    .filter((line) => line.startsWith('weft_flow_runs_total{'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0)
}

describe.each(testDialects())('queue mode on $name', (dialect) => {
  let model: MockOpenAIServer
  let t: TestApp
  let worker: FastifyInstance
  let admin: Browser
  let base: string
  let workerBase: string
  let prefix: string

  beforeAll(async () => {
    model = await startMockOpenAI()
  })
  afterAll(() => model.close())
  beforeEach(async () => {
    model.requests.length = 0
    model.clearScript()
    prefix = `weft-queue-test-${randomBytes(4).toString('hex')}`
    t = await startTestApp({
      dialect,
      env: {
        WEFT_ALLOWED_PRIVATE_HOSTS: new URL(model.url).host,
        MODE: 'queue',
        REDIS_URL: TEST_REDIS_URL,
        WEFT_QUEUE_PREFIX: prefix,
      },
    })
    worker = await buildApp(t.config, { role: 'worker', databaseSchema: t.schema, logger: false })
    workerBase = await listen(worker)
    admin = await setUpAdmin(t.app)
    base = await listen(t.app)
  })
  afterEach(async () => {
    t.app.server.closeAllConnections()
    await worker.close()
    await t.close()
    await removeRedisKeys(prefix)
  })

  const ask = (flowId: string, body: Record<string, unknown>) =>
    fetch(`${base}/api/v1/prediction/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const history = async (flowId: string) =>
    ((await admin.get(`/api/v1/chatmessage/${flowId}`)).body as ChatMessage[]).map((m) => [m.role, m.content, m.status])

  it('answers a prediction run on the worker, stored in the history, as in one process', async () => {
    const flow = await createFlow(admin, modelChainFlow(model.baseURL), { isPublic: true })
    model.script({ text: 'Paris is the capital of France.' })
    const res = await ask(flow.id, { question: 'Capital of France?' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { text: string; chatId: string; chatMessageId: string }
    expect(body.text).toBe('Paris is the capital of France.')
    expect(body.chatId).toMatch(/^[0-9a-f-]{36}$/)
    expect((await history(flow.id)).map(([role, content]) => [role, content])).toEqual([
      ['userMessage', 'Capital of France?'],
      ['apiMessage', 'Paris is the capital of France.'],
    ])
    // The answer's id is the one stored.
    const stored = (await admin.get(`/api/v1/chatmessage/${flow.id}`)).body as ChatMessage[]
    expect(stored[1]!.id).toBe(body.chatMessageId)
    // The worker ran it; the server only relayed it.
    expect(await runsCounted(workerBase)).toBe(1)
    expect(await runsCounted(base)).toBe(0)
  })

  it('streams the tokens from the worker in order, to the end', async () => {
    const flow = await createFlow(admin, modelChainFlow(model.baseURL), { isPublic: true })
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`)
    model.script({ text: words.join(' ') })
    const res = await ask(flow.id, { question: 'Count', streaming: true, chatId: 'chat-s' })
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const events = await readEvents(res)
    const text = events
      .filter((event) => event.event === 'token')
      .map((event) => event.data)
      .join('')
    expect(text).toBe(words.join(' '))
    expect(events.at(-1)?.event).toBe('end')
    expect(events.some((event) => event.event === 'metadata')).toBe(true)
  })

  it('a Stop sent to the server stops the model call on the worker and keeps what had arrived', async () => {
    const flow = await createFlow(admin, modelChainFlow(model.baseURL), { isPublic: true })
    model.script({ text: 'Once upon a time there was a very long story', chunkDelayMs: 300 })
    const res = await ask(flow.id, { question: 'Story', streaming: true, chatId: 'chat-stop' })
    const seen: RunEvent[] = []
    const reading = readEvents(res, (event) => seen.push(event))
    await vi.waitFor(() => expect(seen.some((event) => event.event === 'token')).toBe(true), { timeout: 10_000 })
    const stop = await fetch(`${base}/api/v1/chatmessage/abort/${flow.id}/chat-stop`, { method: 'PUT' })
    expect(stop.status).toBe(200)
    const events = await reading
    expect(events.map((event) => event.event)).not.toContain('error')
    expect(events.slice(-2).map((event) => event.event)).toEqual(['abort', 'end'])
    expect(await model.requests[0]!.outcome).toBe('closed by client')
    await vi.waitFor(async () => {
      const stored = await history(flow.id)
      expect(stored.map(([role, , status]) => [role, status])).toEqual([
        ['userMessage', 'stopped'],
        ['apiMessage', 'stopped'],
      ])
    })
    // Nothing of the chat runs any more.
    expect((await fetch(`${base}/api/v1/chatmessage/abort/${flow.id}/chat-stop`, { method: 'PUT' })).status).toBe(404)
  })

  it('an agentflow paused at Human Input on the worker goes on with the answer, also run there', async () => {
    const created = await admin.post('/api/v1/chatflows', {
      name: 'Approval',
      type: 'AGENTFLOW',
      flowData: JSON.stringify(
        agentflowData(
          [
            { id: 'startAgentflow_0' },
            {
              id: 'humanInputAgentflow_0',
              inputs: { humanInputDescriptionType: 'fixed', humanInputDescription: 'Send the email?' },
            },
            { id: 'directReplyAgentflow_0', inputs: { directReplyMessage: 'Sent.' } },
            { id: 'directReplyAgentflow_1', inputs: { directReplyMessage: 'Not sent.' } },
          ],
          [
            ['startAgentflow_0', 'humanInputAgentflow_0'],
            ['humanInputAgentflow_0', 'directReplyAgentflow_0', 0],
            ['humanInputAgentflow_0', 'directReplyAgentflow_1', 1],
          ],
        ),
      ),
    })
    const flowId = (created.body as { id: string }).id
    const ask = (body: Record<string, unknown>) => admin.post(`/api/v1/internal-prediction/${flowId}`, body)
    const paused = (await ask({ question: 'Mail Bo', chatId: 'c-human' })).body as PredictionResponse
    expect(paused.text).toBe('Send the email?')
    expect(paused.action?.data).toMatchObject({ nodeId: 'humanInputAgentflow_0' })
    const proceeded = await ask({
      question: '',
      chatId: 'c-human',
      humanInput: { type: 'proceed', startNodeId: 'humanInputAgentflow_0' },
    })
    expect(proceeded.status).toBe(200)
    expect((proceeded.body as PredictionResponse).text).toBe('Sent.')
    expect(await runsCounted(workerBase)).toBe(2)
    expect(await runsCounted(base)).toBe(0)
  })

  it('a client that goes away stops the run on the worker', async () => {
    const flow = await createFlow(admin, modelChainFlow(model.baseURL), { isPublic: true })
    model.script({ text: 'A slow answer that nobody waits for', chunkDelayMs: 300 })
    const gone = new AbortController()
    const res = await fetch(`${base}/api/v1/prediction/${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Slow', streaming: true }),
      signal: gone.signal,
    })
    const reader = res.body!.getReader()
    await reader.read()
    await vi.waitFor(() => expect(model.requests.length).toBe(1), { timeout: 10_000 })
    gone.abort()
    expect(await model.requests[0]!.outcome).toBe('closed by client')
  })
})

describe('queue mode while Redis cannot be reached', () => {
  let t: TestApp
  beforeEach(async () => {
    t = await startTestApp({
      dialect: { name: 'sqlite' },
      // A port nothing listens on.
      env: { MODE: 'queue', REDIS_URL: 'redis://127.0.0.1:1', WEFT_QUEUE_WAIT_MS: '300' },
    })
  })
  afterEach(() => t.close())

  it('starts, says it is not ready because of Redis, and answers a run 503 without storing anything', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/ready' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toMatchObject({ checks: { redis: 'unreachable', database: 'ok' } })
    expect(JSON.stringify(ready.json())).not.toContain('127.0.0.1')
    const admin = await setUpAdmin(t.app)
    const flow = await createFlow(admin, modelChainFlow('http://127.0.0.1:9/v1'), { isPublic: true })
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/prediction/${flow.id}`,
      payload: { question: 'Anyone there?', streaming: true },
    })
    expect(res.statusCode).toBe(503)
    expect(res.json().message).toBe(QUEUE_UNREACHABLE)
    expect((await admin.get(`/api/v1/chatmessage/${flow.id}`)).body).toEqual([])
  })
})
