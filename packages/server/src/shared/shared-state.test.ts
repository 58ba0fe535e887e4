import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Flow } from '@weft/core'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { testDialects, type TestDialect } from '../test/dialects.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { ADMIN, browser, setUpAdmin, TEST_SECRET, type Browser } from '../test/harness.js'
import { ownRedis, removeRedisKeys, testRedisPrefix, TEST_REDIS_URL, type OwnRedis } from '../test/shared-redis.js'
import { sharedKeys } from '../queue/shared-keys.js'
import { INVALIDATION_TOPICS } from './invalidation.js'
import { openSharedState } from './redis-shared-state.js'
import type { SharedState } from './shared-state.js'

// Queue mode: several servers on one database and one Redis must agree on rate limits, the
// per-flow limits, the login backoff and what their caches hold. Two apps built from the same
// queue-mode settings (one database, one Redis prefix) stand for two servers behind a balancer.

/** A port of this test's range where nothing listens: Redis "gone". */
const CLOSED_PORT = 4141
/** The port of the redis-server this file starts and stops itself. */
const OWN_REDIS_PORT = 4142
/** The one the invalidation test stops and starts. */
const OWN_INVALIDATION_REDIS_PORT = 4143

const LEADS_ON = JSON.stringify({ leads: { status: true, title: 'Where can we reach you?', name: true, email: true } })
const LIMIT_TWO = JSON.stringify({ rateLimit: { status: true, limitMax: 2, limitDuration: 60, limitMsg: 'Slow down' } })

interface Servers {
  a: FastifyInstance
  b: FastifyInstance
  prefix: string
  close(): Promise<void>
}

/** Two servers of one install: the same data folder or PostgreSQL schema, the same Redis prefix. */
async function twoServers(dialect: TestDialect, redisUrls: [string, string] = [TEST_REDIS_URL, TEST_REDIS_URL]) {
  const home = mkdtempSync(join(tmpdir(), 'weft-shared-'))
  const schema = dialect.url ? `test_${randomBytes(6).toString('hex')}` : undefined
  const prefix = testRedisPrefix('app')
  const configOf = (redisUrl: string) =>
    loadConfig({
      WEFT_HOME: home,
      WEFT_SECRET_KEY: TEST_SECRET,
      LOG_LEVEL: 'silent',
      MODE: 'queue',
      REDIS_URL: redisUrl,
      WEFT_QUEUE_PREFIX: prefix,
      ...(dialect.url ? { DATABASE_URL: dialect.url } : {}),
    })
  const a = await buildApp(configOf(redisUrls[0]), { databaseSchema: schema, logger: false })
  const b = await buildApp(configOf(redisUrls[1]), { databaseSchema: schema, logger: false })
  const servers: Servers = {
    a,
    b,
    prefix,
    async close() {
      await a.close()
      await b.close()
      rmSync(home, { recursive: true, force: true })
      if (dialect.url && schema) {
        const client = new pg.Client({ connectionString: dialect.url })
        await client.connect()
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
        await client.end()
      }
      await removeRedisKeys(prefix)
    },
  }
  return servers
}

/** The same browser's cookies, sent to another server. */
const sameBrowserOn = (app: FastifyInstance, from: Browser): Browser => {
  const other = browser(app)
  for (const [name, value] of from.jar) other.jar.set(name, value)
  return other
}

const leaveLead = (app: FastifyInstance, flowId: string, email: string, remoteAddress = '192.0.2.1') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/leads',
    payload: { chatflowid: flowId, chatId: 'chat-a', name: 'Grace', email },
    remoteAddress,
  })

const signIn = (app: FastifyInstance, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: ADMIN.email, password } })

/** A call limited by the sign-in limit (20 a minute per address and account) that mails nobody. */
const verify = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/v1/account/verify', payload: { token: 'not-a-real-token' } })

describe.each(testDialects())('two queue-mode servers on $name share', (dialect) => {
  let servers: Servers
  let admin: Browser
  let flow: Flow
  afterEach(() => servers.close())

  const start = async () => {
    servers = await twoServers(dialect)
    admin = await setUpAdmin(servers.a)
    flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'), {
      isPublic: true,
      chatbotConfig: LEADS_ON,
    })
  }

  it('route rate limits: calls split between them exceed the limit together', async () => {
    await start()
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) statuses.push((await verify(i % 2 === 0 ? servers.a : servers.b)).statusCode)
    expect(statuses.every((status) => status !== 429)).toBe(true)
    const refused = await verify(servers.b)
    expect(refused.statusCode).toBe(429)
    expect((await verify(servers.a)).statusCode).toBe(429)
  })

  it('the mail limit per address: three mails an hour, whichever server is asked', async () => {
    await start()
    const forgot = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/v1/account/forgot-password', payload: { email: 'someone@example.com' } })
    expect((await forgot(servers.a)).statusCode).toBe(200)
    expect((await forgot(servers.b)).statusCode).toBe(200)
    expect((await forgot(servers.a)).statusCode).toBe(200)
    const refused = await forgot(servers.b)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toMatch(/^Too many emails were asked for this address/)
  })

  it('a flow’s own limit, and an edit of it on one server holds on the other at once', async () => {
    await start()
    await admin.put(`/api/v1/chatflows/${flow.id}`, { apiConfig: LIMIT_TWO })
    expect((await leaveLead(servers.a, flow.id, 'a@example.com')).statusCode).toBe(200)
    expect((await leaveLead(servers.b, flow.id, 'b@example.com')).statusCode).toBe(200)
    const refused = await leaveLead(servers.b, flow.id, 'c@example.com')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe('Slow down')
    expect((await leaveLead(servers.a, flow.id, 'c@example.com')).statusCode).toBe(429)
    // Another client has its own count.
    expect((await leaveLead(servers.a, flow.id, 'd@example.com', '192.0.2.2')).statusCode).toBe(200)

    // Raised on B: A counts by the new rule from its next call.
    const raised = JSON.stringify({ rateLimit: { status: true, limitMax: 3, limitDuration: 60 } })
    expect(
      (await sameBrowserOn(servers.b, admin).put(`/api/v1/chatflows/${flow.id}`, { apiConfig: raised })).status,
    ).toBe(200)
    expect((await leaveLead(servers.a, flow.id, 'e@example.com')).statusCode).toBe(200)
    // Deleted on A: B no longer takes leads for it.
    expect((await admin.delete(`/api/v1/chatflows/${flow.id}`)).status).toBe(200)
    expect((await leaveLead(servers.b, flow.id, 'f@example.com', '192.0.2.3')).statusCode).toBe(404)
  })

  it('the login backoff: wrong passwords on one server make the account wait on the other', async () => {
    await start()
    for (let i = 0; i < 5; i++)
      expect((await signIn(i % 2 === 0 ? servers.a : servers.b, 'wrong password')).statusCode).toBe(401)
    const waiting = await signIn(servers.b, ADMIN.password)
    expect(waiting.statusCode).toBe(429)
    expect(waiting.json().message).toMatch(/^Too many wrong passwords for this account\. Wait 1 second/)
    expect((await signIn(servers.a, ADMIN.password)).statusCode).toBe(429)
  })

  it('credentials: a change on one server is what the other reads next', async () => {
    await start()
    const created = await admin.post('/api/v1/credentials', {
      name: 'Model key',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: 'sk-first' },
    })
    expect(created.status).toBe(201)
    const onB = sameBrowserOn(servers.b, admin)
    expect((await onB.get(`/api/v1/credentials/${created.body.id}`)).body.name).toBe('Model key')
    await admin.put(`/api/v1/credentials/${created.body.id}`, { name: 'Model key (rotated)' })
    expect((await onB.get(`/api/v1/credentials/${created.body.id}`)).body.name).toBe('Model key (rotated)')
    await admin.delete(`/api/v1/credentials/${created.body.id}`)
    expect((await onB.get(`/api/v1/credentials/${created.body.id}`)).status).toBe(404)
  })
})

describe('cache invalidation between servers (Redis pub/sub)', () => {
  const prefix = testRedisPrefix('inval')
  const config = loadConfig({ MODE: 'queue', REDIS_URL: TEST_REDIS_URL, WEFT_QUEUE_PREFIX: prefix }).queue!
  const opened: SharedState[] = []
  afterAll(() => Promise.all(opened.map((state) => state.close())))
  const open = () => {
    const state = openSharedState(config, 'test')
    opened.push(state)
    return state
  }

  /** Resolves with the next key the listener hears on the topic. */
  const nextKey = (state: SharedState, topic: (typeof INVALIDATION_TOPICS)[keyof typeof INVALIDATION_TOPICS]) =>
    new Promise<string | null>((resolve) => {
      const stop = state.invalidation.on(topic, (key) => {
        stop()
        resolve(key)
      })
    })

  it('tells every server what changed, each listener once, only for its topic', async () => {
    const a = open()
    const b = open()
    const c = open()
    // Subscribed once each connection is ready: a changed key published before would reach no one.
    await Promise.all([a, b, c].map((state) => waitSubscribed(state, prefix)))
    const heardOnA: (string | null)[] = []
    a.invalidation.on(INVALIDATION_TOPICS.credential, (key) => heardOnA.push(key))
    const heardFlowsOnB: (string | null)[] = []
    b.invalidation.on(INVALIDATION_TOPICS.flow, (key) => heardFlowsOnB.push(key))
    const onB = nextKey(b, INVALIDATION_TOPICS.credential)
    const onC = nextKey(c, INVALIDATION_TOPICS.credential)
    a.invalidation.publish(INVALIDATION_TOPICS.credential, 'credential-1')
    // Here at once; elsewhere a moment later.
    expect(heardOnA).toEqual(['credential-1'])
    expect(await onB).toBe('credential-1')
    expect(await onC).toBe('credential-1')
    // A flow change on C: A's credential listener hears nothing; its own message does not come back to A.
    const flowOnB = nextKey(b, INVALIDATION_TOPICS.flow)
    c.invalidation.publish(INVALIDATION_TOPICS.flow, 'flow-1')
    expect(await flowOnB).toBe('flow-1')
    expect(heardFlowsOnB).toEqual(['flow-1'])
    expect(heardOnA).toEqual(['credential-1'])
  })
})

describe('cache invalidation when Redis goes away', () => {
  const redis = ownRedis(OWN_INVALIDATION_REDIS_PORT)
  const prefix = testRedisPrefix('gone')
  const opened: SharedState[] = []
  afterAll(async () => {
    await Promise.all(opened.map((state) => state.close()))
    await redis.stop()
  })

  it('tells every cache to forget what it holds once Redis is back, as changes may have been missed', async () => {
    await redis.start()
    const config = loadConfig({ MODE: 'queue', REDIS_URL: redis.url, WEFT_QUEUE_PREFIX: prefix }).queue!
    const a = openSharedState(config, 'test-a')
    const b = openSharedState(config, 'test-b')
    opened.push(a, b)
    await waitSubscribed(a, prefix, redis.url)
    await waitSubscribed(b, prefix, redis.url)
    const heardOnB: (string | null)[] = []
    b.invalidation.on(INVALIDATION_TOPICS.flow, (key) => heardOnB.push(key))

    await redis.stop()
    const heardOnA: (string | null)[] = []
    a.invalidation.on(INVALIDATION_TOPICS.flow, (key) => heardOnA.push(key))
    // Never throws, never waits; this server's own caches hear it at once.
    a.invalidation.publish(INVALIDATION_TOPICS.flow, 'edited-while-away')
    expect(heardOnA).toEqual(['edited-while-away'])

    await redis.start()
    // B's subscription came back: it may have missed A's change (sent once A reconnects, perhaps
    // before B listens again), so its caches forget everything (null). A's own too.
    await until(() => heardOnB.includes(null))
    expect(heardOnA).toEqual(['edited-while-away', null])
  })
})

/** Waits until `done` is true, looking every 50 ms (the test's timeout ends a wait that never ends). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 50))
}

/** Resolves once the state's subscriber has subscribed: a publish then reaches it. */
async function waitSubscribed(state: SharedState, prefix: string, url = TEST_REDIS_URL): Promise<void> {
  for (;;) {
    const probe = `probe-${randomBytes(4).toString('hex')}`
    const heard = new Promise<boolean>((resolve) => {
      const stop = state.invalidation.on(INVALIDATION_TOPICS.apiKey, (key) => {
        if (key !== probe) return
        stop()
        resolve(true)
      })
      setTimeout(() => {
        stop()
        resolve(false)
      }, 200)
    })
    await publishFromOutside(prefix, probe, url)
    if (await heard) return
  }
}

/** Publishes a change as another process would (a message from an unknown sender). */
async function publishFromOutside(prefix: string, key: string, url: string): Promise<void> {
  const redis = new Redis(url)
  try {
    const message = { from: 'outside', topic: INVALIDATION_TOPICS.apiKey, key }
    await redis.publish(sharedKeys(prefix).invalidation, JSON.stringify(message))
  } finally {
    redis.disconnect()
  }
}

describe.each(testDialects())('queue mode without Redis on $name', (dialect) => {
  let servers: Servers | undefined
  let redis: OwnRedis
  beforeAll(() => {
    redis = ownRedis(OWN_REDIS_PORT)
  })
  afterEach(async () => {
    await servers?.close()
    servers = undefined
    await redis.stop()
  })

  it('answers as usual when Redis cannot be reached, its limits counted per server meanwhile', async () => {
    servers = await twoServers(dialect, [`redis://127.0.0.1:${CLOSED_PORT}`, `redis://127.0.0.1:${CLOSED_PORT}`])
    const admin = await setUpAdmin(servers.a)
    expect((await signIn(servers.b, ADMIN.password)).statusCode).toBe(200)
    const flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'), {
      isPublic: true,
      chatbotConfig: LEADS_ON,
    })
    await admin.put(`/api/v1/chatflows/${flow.id}`, { apiConfig: LIMIT_TWO })
    expect((await leaveLead(servers.a, flow.id, 'a@example.com')).statusCode).toBe(200)
    expect((await leaveLead(servers.a, flow.id, 'b@example.com')).statusCode).toBe(200)
    expect((await leaveLead(servers.a, flow.id, 'c@example.com')).statusCode).toBe(429)
    // B counts apart while Redis is away: a limit holds per server rather than not at all.
    expect((await leaveLead(servers.b, flow.id, 'c@example.com')).statusCode).toBe(200)
    for (let i = 0; i < 5; i++) expect((await signIn(servers.a, 'wrong password')).statusCode).toBe(401)
    expect((await signIn(servers.a, ADMIN.password)).statusCode).toBe(429)
    expect((await admin.get('/api/v1/chatflows')).status).toBe(200)
  })

  it('goes on answering when Redis stops, and shares again once it is back', async () => {
    await redis.start()
    servers = await twoServers(dialect, [redis.url, redis.url])
    const admin = await setUpAdmin(servers.a)
    const flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'), {
      isPublic: true,
      chatbotConfig: LEADS_ON,
    })
    await admin.put(`/api/v1/chatflows/${flow.id}`, { apiConfig: LIMIT_TWO })
    await waitCountedInRedis(servers.a, flow.id, redis.url)
    await waitCountedInRedis(servers.b, flow.id, redis.url)
    expect((await leaveLead(servers.a, flow.id, 'a@example.com', '192.0.2.1')).statusCode).toBe(200)

    await redis.stop()
    // Every answer comes, none is a 500: limits count here meanwhile.
    expect((await admin.get('/api/v1/chatflows')).status).toBe(200)
    expect((await signIn(servers.b, ADMIN.password)).statusCode).toBe(200)
    expect((await leaveLead(servers.b, flow.id, 'b@example.com', '192.0.2.9')).statusCode).toBe(200)
    expect((await leaveLead(servers.b, flow.id, 'c@example.com', '192.0.2.9')).statusCode).toBe(200)
    expect((await leaveLead(servers.b, flow.id, 'd@example.com', '192.0.2.9')).statusCode).toBe(429)

    await redis.start()
    await waitCountedInRedis(servers.a, flow.id, redis.url)
    await waitCountedInRedis(servers.b, flow.id, redis.url)
    // Counted in Redis again (the new Redis is empty): two between both servers, then refused.
    expect((await leaveLead(servers.a, flow.id, 'e@example.com', '192.0.2.5')).statusCode).toBe(200)
    expect((await leaveLead(servers.b, flow.id, 'f@example.com', '192.0.2.5')).statusCode).toBe(200)
    expect((await leaveLead(servers.a, flow.id, 'g@example.com', '192.0.2.5')).statusCode).toBe(429)
  })
})

let probes = 0

/** Waits until the server counts its limits in Redis at `url` again: a call from a new address shows up there. */
async function waitCountedInRedis(app: FastifyInstance, flowId: string, url: string): Promise<void> {
  const redis = new Redis(url)
  try {
    for (;;) {
      const address = `198.51.${Math.floor(probes / 250)}.${(probes++ % 250) + 1}`
      await leaveLead(app, flowId, 'probe@example.com', address)
      const [, keys] = await redis.scan('0', 'MATCH', `*|${address}`, 'COUNT', 10_000)
      if (keys.length > 0) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  } finally {
    redis.disconnect()
  }
}
