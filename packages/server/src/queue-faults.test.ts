import { randomBytes } from 'node:crypto'
import type { ChatMessage, Execution, ExecutedStep, PredictionResponse } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../nodes/src/testing/mock-openai-server.js'
import { WORKER_STOPPED } from './queue/queued-runs.js'
import { threeModelSteps } from './test/agentflows.js'
import { childServer, type ChildServer } from './test/child-server.js'
import { childWorker, type ChildWorker } from './test/child-worker.js'
import { testDialects } from './test/dialects.js'
import { modelChainFlow } from './test/flows.js'
import { removeRedisKeys, TEST_REDIS_URL } from './test/shared-redis.js'

// Queue mode's faults, the real thing: the compiled server and two compiled workers in child
// processes on one database (PostgreSQL when TEST_DATABASE_URL is set) and the machine's Redis
// under a prefix of this test's own; a worker is killed with SIGKILL in the middle of a run.

const dialect = testDialects().at(-1)!

describe(`queue mode when a worker dies (${dialect.name})`, () => {
  let mock: MockOpenAIServer
  let server: ChildServer
  let workers: ChildWorker[]
  let cookie: string
  let prefix: string

  beforeAll(async () => {
    mock = await startMockOpenAI()
  })
  afterAll(() => mock.close())
  beforeEach(async () => {
    mock.requests.length = 0
    mock.clearScript()
    prefix = `weft-faults-${randomBytes(4).toString('hex')}`
    // A dead worker's jobs are taken back after about 1.5 s instead of 30.
    const env = { MODE: 'queue', REDIS_URL: TEST_REDIS_URL, WEFT_QUEUE_PREFIX: prefix, WEFT_QUEUE_LOCK_MS: '1500' }
    server = await childServer('queue-faults', env, { dialect })
    await server.start()
    cookie = await server.signIn()
    workers = [await childWorker(server, env), await childWorker(server, env)]
    await Promise.all(workers.map((worker) => worker.start()))
  })
  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.kill()))
    await server.close()
    await removeRedisKeys(prefix)
  })

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${server.base}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })

  async function createFlow(type: 'CHATFLOW' | 'AGENTFLOW', flowData: string): Promise<string> {
    const res = await call('POST', '/chatflows', { name: `${type} under test`, type, flowData })
    expect(res.status).toBe(201)
    return ((await res.json()) as { id: string }).id
  }

  /** The worker that runs the one run going on, once it has started it. */
  async function busyWorker(): Promise<ChildWorker> {
    let busy: ChildWorker | undefined
    await expect
      .poll(
        async () => {
          const active = await Promise.all(workers.map((worker) => worker.activeRuns()))
          busy = workers[active.findIndex((count) => count > 0)]
          return busy !== undefined
        },
        { timeout: 60_000 },
      )
      .toBe(true)
    return busy!
  }

  it('an agentflow killed mid-run finishes on the other worker without running finished steps again', async () => {
    const flowId = await createFlow('AGENTFLOW', JSON.stringify(threeModelSteps(mock)))
    // The second step's model call never finishes on the first worker: it is killed while it waits.
    mock.script({ text: 'First' }, { text: 'never finished', delayMs: 600_000 })
    const answering = call('POST', `/internal-prediction/${flowId}`, { question: 'Go', chatId: 'c1' })
    await expect.poll(() => mock.requests.length, { timeout: 60_000 }).toBe(2)
    const busy = await busyWorker()
    mock.script({ text: 'Second' }, { text: 'Third' })
    await busy.kill()

    const res = await answering
    expect(res.status).toBe(200)
    const answer = (await res.json()) as PredictionResponse
    expect(answer.text).toBe('Third')
    // The model's request log: step one once, step two again (it had not finished), then step three.
    const asked = mock.requests.map((request) => JSON.stringify(request.body))
    expect(asked).toHaveLength(4)
    expect(asked.filter((body) => body.includes('"one"'))).toHaveLength(1)
    expect(asked.filter((body) => body.includes('two after First'))).toHaveLength(2)
    expect(asked[3]).toContain('three after Second')

    const execution = (await (await call('GET', `/executions/${answer.executionId}`)).json()) as Execution
    expect(execution.state).toBe('FINISHED')
    const steps = JSON.parse(execution.executionData) as ExecutedStep[]
    expect(steps.map((step) => [step.nodeId, step.status])).toEqual([
      ['startAgentflow_0', 'FINISHED'],
      ['llmAgentflow_0', 'FINISHED'],
      ['llmAgentflow_1', 'TERMINATED'],
      ['llmAgentflow_1', 'FINISHED'],
      ['llmAgentflow_2', 'FINISHED'],
    ])
    // One question and one answer in the chat, as if nothing had happened.
    const history = (await (await call('GET', `/chatmessage/${flowId}`)).json()) as ChatMessage[]
    expect(history.map((message) => [message.role, message.content])).toEqual([
      ['userMessage', 'Go'],
      ['apiMessage', 'Third'],
    ])
  }, 180_000)

  it('a chatflow answer killed mid-way is marked failed with a clear message and never asked twice', async () => {
    const flowId = await createFlow('CHATFLOW', modelChainFlow(mock.baseURL, 'Answer briefly: {question}'))
    mock.script({ text: 'never finished', delayMs: 600_000 }, { text: 'A second answer must not happen' })
    const answering = call('POST', `/internal-prediction/${flowId}`, { question: 'Once only', chatId: 'c2' })
    await expect.poll(() => mock.requests.length, { timeout: 60_000 }).toBe(1)
    await (await busyWorker()).kill()

    const res = await answering
    expect(res.status).toBe(503)
    expect(((await res.json()) as { message: string }).message).toBe(WORKER_STOPPED)
    const history = (await (await call('GET', `/chatmessage/${flowId}`)).json()) as ChatMessage[]
    expect(history.map((message) => [message.role, message.status ?? 'complete'])).toEqual([
      ['userMessage', 'failed'],
      ['apiMessage', 'failed'],
    ])
    expect(history[1]!.content).toBe(WORKER_STOPPED)
    // Give the other worker time to take the job if it were going to: it must not.
    await new Promise((resolve) => setTimeout(resolve, 4000))
    expect(mock.requests).toHaveLength(1)
  }, 180_000)

  it('a worker told to stop (SIGTERM) finishes the answer it runs, takes no new one, and exits 0', async () => {
    const flowId = await createFlow('CHATFLOW', modelChainFlow(mock.baseURL, 'Answer briefly: {question}'))
    mock.script({ text: 'Finished before stopping.', delayMs: 1500 })
    const answering = call('POST', `/internal-prediction/${flowId}`, { question: 'Quick', chatId: 'c3' })
    await expect.poll(() => mock.requests.length, { timeout: 60_000 }).toBe(1)
    const busy = await busyWorker()
    const idle = workers.find((worker) => worker !== busy)!
    const stopping = busy.stop()
    const res = await answering
    expect(res.status).toBe(200)
    expect(((await res.json()) as { text: string }).text).toBe('Finished before stopping.')
    expect(await stopping).toBe(0)
    // The next answer goes to the worker still running.
    mock.script({ text: 'From the other one.' })
    const next = await call('POST', `/internal-prediction/${flowId}`, { question: 'Again', chatId: 'c3' })
    expect(((await next.json()) as { text: string }).text).toBe('From the other one.')
    expect(await idle.activeRuns()).toBe(0)
  }, 180_000)
})
