import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../nodes/src/testing/mock-openai-server.js'
import { QUEUE_UNREACHABLE, RUN_LOST, RUN_TIMED_OUT, WORKER_STOPPED } from './queue/queued-runs.js'
import { childServer, type ChildServer } from './test/child-server.js'
import { childWorker, type ChildWorker } from './test/child-worker.js'
import { testDialects } from './test/dialects.js'
import { modelChainFlow } from './test/flows.js'
import { freePort } from './test/processes.js'
import { ownRedis, type OwnRedis } from './test/shared-redis.js'

// Redis goes away in the middle of 50 runs and comes back empty (a redis-server of this test's own,
// keeping nothing on disk; the machine's Redis is left alone). The compiled server and two workers
// in child processes must neither hang nor answer half: every run completes, or fails with a
// message that says what happened, and the next runs work again without a restart.

const dialect = testDialects().at(-1)!
const CLEAR_FAILURES = [QUEUE_UNREACHABLE, RUN_LOST, RUN_TIMED_OUT, WORKER_STOPPED]
const RUNS = 50
/** A run that has not answered in this long hangs. */
const HANG_MS = 60_000

describe(`queue mode when Redis restarts (${dialect.name})`, () => {
  let mock: MockOpenAIServer
  let redis: OwnRedis
  let server: ChildServer
  let workers: ChildWorker[]
  let cookie: string

  beforeAll(async () => {
    mock = await startMockOpenAI({ defaultText: 'Fine.' })
  })
  afterAll(() => mock.close())
  beforeEach(async () => {
    redis = ownRedis(await freePort())
    await redis.start()
    const env = {
      MODE: 'queue',
      REDIS_URL: redis.url,
      WEFT_QUEUE_PREFIX: `weft-restart-${randomBytes(4).toString('hex')}`,
      WEFT_QUEUE_LOCK_MS: '2000',
      WORKER_CONCURRENCY: '50',
    }
    server = await childServer('queue-redis-restart', env, { dialect })
    await server.start()
    cookie = await server.signIn()
    workers = [await childWorker(server, env), await childWorker(server, env)]
    await Promise.all(workers.map((worker) => worker.start()))
  })
  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.kill()))
    await server.close()
    await redis.stop()
  })

  const ask = (flowId: string, question: string) =>
    fetch(`${server.base}/api/v1/internal-prediction/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ question }),
      signal: AbortSignal.timeout(HANG_MS),
    }).then(
      async (res) => ({ status: res.status, body: (await res.json()) as { text?: string; message?: string } }),
      (error: unknown) => ({
        status: 0,
        body: { message: `no answer: ${String(error)}` } as { text?: string; message?: string },
      }),
    )

  it('every one of 50 runs completes or fails with a clear message, none hangs, and runs work again after', async () => {
    const created = await fetch(`${server.base}/api/v1/chatflows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        name: 'Through a Redis restart',
        type: 'CHATFLOW',
        flowData: modelChainFlow(mock.baseURL),
      }),
    })
    const flowId = ((await created.json()) as { id: string }).id
    // Each answer takes a while, so many are in flight, waiting or running, when Redis goes.
    mock.script(...Array.from({ length: RUNS }, (_, i) => ({ text: `Answer ${i}`, delayMs: 300 + (i % 10) * 100 })))
    const answers: Promise<Awaited<ReturnType<typeof ask>>>[] = []
    for (let i = 0; i < RUNS; i++) {
      answers.push(ask(flowId, `Question ${i}`))
      if (i === 25) {
        await redis.stop()
        await new Promise((resolve) => setTimeout(resolve, 1000))
        await redis.start()
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const results = await Promise.all(answers)
    const hung = results.filter((result) => result.status === 0)
    expect(hung).toEqual([])
    for (const result of results) {
      if (result.status === 200) expect(result.body.text).toMatch(/^(Answer \d+|Fine\.)$/)
      else expect(CLEAR_FAILURES).toContain(result.body.message)
    }
    // Some made it through before and after.
    expect(results.filter((result) => result.status === 200).length).toBeGreaterThan(0)

    // Reconnected by itself: a run now works, and the server is ready again.
    await expect.poll(async () => (await fetch(`${server.base}/api/v1/ready`)).status, { timeout: 20_000 }).toBe(200)
    const after = await ask(flowId, 'And now?')
    expect(after).toMatchObject({ status: 200 })
    for (const worker of workers) expect((await fetch(`${worker.base}/api/v1/ready`)).status).toBe(200)
  }, 180_000)
})
