import { randomBytes } from 'node:crypto'
import { Queue, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { QUEUE_LABELS, QUEUE_NAMES, RUN_QUEUES } from '../queue/names.js'
import { QUEUE_OPERATOR_ONLY } from './queue.js'
import { testDialects } from '../test/dialects.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { builtInRoleId, signInMember } from '../test/workspace-members.js'

// Queue mode's queue screen API against the machine's Redis, under a prefix of this test's own
// (weft-h2-…), whose keys are removed after.

const REDIS_URL = 'redis://127.0.0.1:6379'
/** A port of this test's range with nothing listening: Redis is unreachable there. */
const CLOSED_REDIS_URL = 'redis://127.0.0.1:4129'
const connection = { url: REDIS_URL }
const PRIVATE_QUESTION = 'What is my salary, privately?'
const FAILURE = 'The model answered 401: check the OpenAI credential of Support bot'

/** Every key under `prefix` (the queues', and what else the app keeps in Redis), removed. */
async function removeKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL)
  for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 }) as AsyncIterable<string[]>)
    if (keys.length > 0) await redis.del(...keys)
  redis.disconnect()
}

const jobData = (n: number) => ({ flowId: `flow-${n}`, flowName: 'Support bot', question: PRIVATE_QUESTION })

/** One failed, one completed (a worker in this test runs them), two waiting and one delayed job. */
async function seed(queue: Queue): Promise<void> {
  await queue.add('prediction', jobData(1), { jobId: 'fails' })
  await queue.add('prediction', jobData(2), { jobId: 'completes' })
  const worker = new Worker(
    queue.name,
    async (job) => {
      if (job.id === 'fails') throw new Error(FAILURE)
      return { ok: true }
    },
    { connection, prefix: queue.opts.prefix! },
  )
  let settled = 0
  const done = new Promise<void>((resolve) => {
    const count = () => {
      settled++
      if (settled === 2) resolve()
    }
    worker.on('failed', count)
    worker.on('completed', count)
  })
  await done
  await worker.close()
  await queue.add('prediction', jobData(3), { jobId: 'waits-1' })
  await queue.add('prediction', jobData(4), { jobId: 'waits-2' })
  await queue.add('prediction', jobData(5), { jobId: 'later', delay: 3_600_000 })
}

describe.each(testDialects())('the queue screen API in queue mode on $name', (dialect) => {
  const prefix = `weft-h2-${randomBytes(4).toString('hex')}`
  let t: TestApp
  let admin: Browser
  let chatflows: Queue
  let agentflows: Queue
  beforeAll(async () => {
    t = await startTestApp({
      dialect,
      env: { PLATFORM_TYPE: 'enterprise', MODE: 'queue', REDIS_URL, WEFT_QUEUE_PREFIX: prefix },
    })
    admin = await setUpAdmin(t.app)
    chatflows = new Queue(RUN_QUEUES.chatflow, { connection, prefix })
    agentflows = new Queue(RUN_QUEUES.agentflow, { connection, prefix })
    // The app connects in the background: the queue answers once it has.
    for (let tries = 0; (await admin.get('/api/v1/queue')).status !== 200; tries++) {
      if (tries === 100) throw new Error('The app did not reach Redis at ' + REDIS_URL)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })
  beforeEach(async () => {
    await chatflows.obliterate({ force: true })
    await seed(chatflows)
  })
  afterAll(async () => {
    for (const queue of [chatflows, agentflows]) {
      await queue?.obliterate({ force: true })
      await queue?.close()
    }
    await t?.close()
    await removeKeys(prefix)
  })

  it('counts each queue’s jobs by state', async () => {
    const res = await admin.get('/api/v1/queue')
    expect(res.status).toBe(200)
    const none = { waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 }
    expect(res.body).toEqual({
      mode: 'queue',
      queues: QUEUE_NAMES.map((name) => ({
        name,
        label: QUEUE_LABELS[name],
        counts: name === 'chatflow-runs' ? { waiting: 2, active: 0, completed: 1, failed: 1, delayed: 1 } : none,
      })),
    })
    expect(res.body.queues.slice(0, 2).map((q: { label: string }) => q.label)).toEqual([
      'Chatflow answers',
      'Agentflow runs',
    ])
  })

  it('lists a failed job with its error, the flow’s id and name, and never the job’s data', async () => {
    const res = await admin.get('/api/v1/queue/chatflow-runs/jobs?state=failed')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ queue: 'chatflow-runs', state: 'failed', total: 1, page: 1, limit: 20 })
    expect(res.body.jobs).toEqual([
      {
        id: 'fails',
        name: 'prediction',
        state: 'failed',
        flowId: 'flow-1',
        flowName: 'Support bot',
        createdAt: expect.any(String),
        processedAt: expect.any(String),
        finishedAt: expect.any(String),
        attempts: 1,
        maxAttempts: 1,
        failedReason: FAILURE,
      },
    ])
    const completed = await admin.get('/api/v1/queue/chatflow-runs/jobs?state=completed')
    expect(completed.body.jobs.map((job: { id: string }) => job.id)).toEqual(['completes'])
    expect(completed.body.jobs[0].failedReason).toBeNull()
    for (const state of ['waiting', 'completed', 'failed', 'delayed']) {
      const page = await admin.get(`/api/v1/queue/chatflow-runs/jobs?state=${state}`)
      expect(JSON.stringify(page.body)).not.toContain(PRIVATE_QUESTION)
    }
  })

  it('pages the waiting jobs, newest first', async () => {
    const first = await admin.get('/api/v1/queue/chatflow-runs/jobs?state=waiting&limit=1')
    expect(first.body).toMatchObject({ total: 2, page: 1, limit: 1 })
    expect(first.body.jobs.map((job: { id: string }) => job.id)).toEqual(['waits-2'])
    const second = await admin.get('/api/v1/queue/chatflow-runs/jobs?state=waiting&limit=1&page=2')
    expect(second.body.jobs.map((job: { id: string }) => job.id)).toEqual(['waits-1'])
    const delayed = await admin.get('/api/v1/queue/chatflow-runs/jobs?state=delayed')
    expect(delayed.body.jobs.map((job: { id: string }) => job.id)).toEqual(['later'])
  })

  it('retries a failed job back to waiting; a job in another state answers 409, a missing one 404', async () => {
    const res = await admin.post('/api/v1/queue/chatflow-runs/jobs/fails/retry')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: 'fails', state: 'waiting', failedReason: null })
    expect(await chatflows.getJobState('fails')).toBe('waiting')
    const counts = (await admin.get('/api/v1/queue')).body.queues[0].counts
    expect(counts).toMatchObject({ waiting: 3, failed: 0 })

    const again = await admin.post('/api/v1/queue/chatflow-runs/jobs/fails/retry')
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Job fails is waiting: only a failed job can be retried')
    const completed = await admin.post('/api/v1/queue/chatflow-runs/jobs/completes/retry')
    expect(completed.status).toBe(409)
    const missing = await admin.post('/api/v1/queue/chatflow-runs/jobs/nothing-here/retry')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('There is no job "nothing-here" in the queue chatflow-runs')
  })

  it('removes a failed, completed or waiting job', async () => {
    for (const id of ['fails', 'completes', 'waits-1']) {
      const res = await admin.delete(`/api/v1/queue/chatflow-runs/jobs/${id}`)
      expect(res.status, id).toBe(200)
      expect(res.body).toEqual({ id })
      expect(await chatflows.getJob(id)).toBeUndefined()
    }
    const counts = (await admin.get('/api/v1/queue')).body.queues[0].counts
    expect(counts).toEqual({ waiting: 1, active: 0, completed: 0, failed: 0, delayed: 1 })
    expect((await admin.delete('/api/v1/queue/chatflow-runs/jobs/fails')).status).toBe(404)
  })

  it('names the queues there are for an unknown one, and the states for a wrong state', async () => {
    const unknown = await admin.get('/api/v1/queue/emails/jobs')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe(`There is no queue "emails": the queues are ${QUEUE_NAMES.join(', ')}`)
    const state = await admin.get('/api/v1/queue/chatflow-runs/jobs?state=stuck')
    expect(state.status).toBe(400)
    expect(state.body.message).toContain('state')
  })

  it('is for organization admins: a member and a workspace admin get 403', async () => {
    for (const role of ['member', 'admin']) {
      const other = await signInMember(t, admin, await builtInRoleId(t, role))
      expect((await other.get('/api/v1/queue')).status, role).toBe(403)
      expect((await other.get('/api/v1/queue/chatflow-runs/jobs?state=failed')).status, role).toBe(403)
      expect((await other.post('/api/v1/queue/chatflow-runs/jobs/fails/retry')).status, role).toBe(403)
      expect((await other.delete('/api/v1/queue/chatflow-runs/jobs/fails')).status, role).toBe(403)
    }
    expect(await chatflows.getJobState('fails')).toBe('failed')
  })

  it('shows the queue depth, waiting and active jobs in the metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/metrics' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('weft_queue_jobs{queue="chatflow-runs",state="waiting"} 2')
    expect(res.body).toContain('weft_queue_jobs{queue="chatflow-runs",state="active"} 0')
    expect(res.body).toContain('weft_queue_jobs{queue="chatflow-runs",state="failed"} 1')
    expect(res.body).toContain('weft_queue_depth{queue="chatflow-runs"} 3')
    expect(res.body).toContain('weft_queue_depth{queue="agentflow-runs"} 0')
    expect(res.body).toMatch(/weft_queue_oldest_waiting_seconds\{queue="chatflow-runs"\} \d/)
    expect(res.body).toContain('weft_queue_redis_up 1')
  })
})

describe.each(testDialects())('the queue screen API without queue mode on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeAll(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
  })
  afterAll(() => t?.close())

  it('answers mode main with no queues, and says queue mode is off for a queue’s jobs', async () => {
    const res = await admin.get('/api/v1/queue')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ mode: 'main', queues: [] })
    const jobs = await admin.get('/api/v1/queue/chatflow-runs/jobs')
    expect(jobs.status).toBe(404)
    expect(jobs.body.message).toContain('Queue mode is off')
    const metrics = await t.app.inject({ method: 'GET', url: '/api/v1/metrics' })
    expect(metrics.body).not.toContain('weft_queue_')
  })
})

describe.each(testDialects())('the queue screen API while Redis is unreachable on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeAll(async () => {
    t = await startTestApp({
      dialect,
      env: {
        PLATFORM_TYPE: 'enterprise',
        MODE: 'queue',
        REDIS_URL: CLOSED_REDIS_URL,
        WEFT_QUEUE_PREFIX: 'weft-h2-down',
      },
    })
    admin = await setUpAdmin(t.app)
  })
  afterAll(() => t?.close())

  it('answers 503 naming Redis, and the metrics say Redis is down', async () => {
    for (const res of [
      await admin.get('/api/v1/queue'),
      await admin.get('/api/v1/queue/chatflow-runs/jobs?state=failed'),
      await admin.post('/api/v1/queue/chatflow-runs/jobs/fails/retry'),
      await admin.delete('/api/v1/queue/chatflow-runs/jobs/fails'),
    ]) {
      expect(res.status).toBe(503)
      expect(res.body.message).toMatch(/^Redis is unreachable \(REDIS_URL\)/)
    }
    const metrics = await t.app.inject({ method: 'GET', url: '/api/v1/metrics' })
    expect(metrics.statusCode).toBe(200)
    expect(metrics.body).toContain('weft_queue_redis_up 0')
    expect(metrics.body).not.toContain('weft_queue_jobs{')
  })
})

describe('the queue on the cloud edition', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({
      dialect: { name: 'sqlite' },
      env: { PLATFORM_TYPE: 'cloud', MODE: 'queue', REDIS_URL: CLOSED_REDIS_URL, WEFT_QUEUE_PREFIX: 'weft-h2-cloud' },
    })
  })
  afterAll(() => t?.close())

  it("is the operator's: an organization admin gets 403 on every queue route, since one queue holds every organization's jobs", async () => {
    const admin = await setUpAdmin(t.app)
    for (const res of [
      await admin.get('/api/v1/queue'),
      await admin.get('/api/v1/queue/chatflow-runs/jobs?state=failed'),
      await admin.post('/api/v1/queue/chatflow-runs/jobs/fails/retry'),
      await admin.delete('/api/v1/queue/chatflow-runs/jobs/fails'),
    ]) {
      expect(res.status).toBe(403)
      expect(res.body.message).toBe(QUEUE_OPERATOR_ONLY)
    }
  })
})
