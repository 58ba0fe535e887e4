import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { RunEvent } from '@weft/core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects, type TestDialect } from '../test/dialects.js'
import { createFlow, listen, readEvents } from '../test/flows.js'
import { setUpAdmin, startTestApp, type TestApp } from '../test/harness.js'

// User code runs in worker threads: an endless loop in a public flow must not hold up the server
// for anyone else, and its failure is answered as the flow's error. Real HTTP on 127.0.0.1, because
// `inject` would run on the very thread a loop blocks.

/** A public chatflow of one Custom JS Function that runs `code` and answers with what it returns. */
async function publicCodeFlow(dialect: TestDialect, env: Record<string, string>, code: string) {
  const t = await startTestApp({ dialect, env })
  const admin = await setUpAdmin(t.app)
  const flow = templateFlow()
  flow.add('customFunction', 0, 0, { javascriptFunction: code })
  const saved = await createFlow(admin, JSON.stringify(flow.build()), { isPublic: true })
  const base = await listen(t.app)
  const predict = (body: Record<string, unknown>) =>
    fetch(`${base}/api/v1/prediction/${saved.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  return { t, base, predict }
}

/** A private service on loopback that the code's `fetch` calls; it counts the calls and answers at once. */
async function startBeacon() {
  let calls = 0
  const waiters: Array<{ count: number; reached: () => void }> = []
  const server = createServer((_request, response) => {
    calls += 1
    for (const waiter of waiters.filter((candidate) => calls >= candidate.count)) waiter.reached()
    response.end('beacon answer')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    server,
    host,
    url: `http://${host}/`,
    calls: () => calls,
    /** Resolves once the beacon has been called `count` times. */
    reached: (count: number) =>
      new Promise<void>((resolve) => (calls >= count ? resolve() : waiters.push({ count, reached: resolve }))),
  }
}

const TIME_LIMIT = 'Custom JS Function (customFunction_0): Custom code took longer than 1 s'
const errorOf = (events: RunEvent[]) => events.find((event) => event.event === 'error')?.data

describe.each(testDialects())('user code on $name', (dialect) => {
  let t: TestApp | undefined
  let beacon: Awaited<ReturnType<typeof startBeacon>>
  beforeAll(async () => {
    beacon = await startBeacon()
  })
  afterAll(() => beacon.server.close())
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  it('answers /ping while 20 anonymous runs of an endless loop are going, and each run fails with the time limit', async () => {
    const app = await publicCodeFlow(dialect, { WEFT_SANDBOX_THREADS: '2' }, 'while (true) {}')
    t = app.t
    const finished: string[] = []
    const started: Promise<void>[] = []
    const runs = Array.from({ length: 20 }, async (_, index) => {
      let markStarted!: () => void
      started.push(new Promise<void>((resolve) => (markStarted = resolve)))
      const events = await readEvents(await app.predict({ question: `run ${index}`, streaming: true }), (event) => {
        if (event.event === 'start') markStarted()
      })
      finished.push(`run ${index}`)
      return events
    })
    // Every run has been taken in and is looping (or waiting for a thread) before the ping goes out.
    await Promise.all(started)
    const ping = await fetch(`${app.base}/api/v1/ping`)
    expect(await ping.text()).toBe('pong')
    const finishedBeforePing = [...finished]

    const answers = await Promise.all(runs)
    expect(finishedBeforePing).toEqual([])
    for (const events of answers) {
      expect(events.map((event) => event.event)).toEqual(['start', 'error', 'end'])
      expect(errorOf(events)).toBe(TIME_LIMIT)
    }
  }, 60_000)

  it('answers /ping while the code is looping past its fetch, before any run has finished', async () => {
    const code = `await fetch('${beacon.url}'); while (true) {}`
    const app = await publicCodeFlow(
      dialect,
      { WEFT_SANDBOX_THREADS: '2', WEFT_ALLOWED_PRIVATE_HOSTS: beacon.host },
      code,
    )
    t = app.t
    const before = beacon.calls()
    const finished: number[] = []
    const runs = [1, 2].map(async (n) => {
      const events = await readEvents(await app.predict({ question: `run ${n}`, streaming: true }))
      finished.push(n)
      return events
    })
    // Both runs' code has run as far as its fetch: from its answer on, it loops until the time limit.
    await beacon.reached(before + 2)
    const ping = await fetch(`${app.base}/api/v1/ping`)
    expect(await ping.text()).toBe('pong')
    const finishedAtPing = [...finished]
    for (const events of await Promise.all(runs)) expect(errorOf(events)).toBe(TIME_LIMIT)
    expect(finishedAtPing).toEqual([])
  }, 30_000)

  it("sends the code's fetch through the outbound guard, with the server's allowed private hosts", async () => {
    const code = `return await (await fetch('${beacon.url}')).text()`
    const closed = await publicCodeFlow(dialect, {}, code)
    t = closed.t
    const before = beacon.calls()
    const refused = await closed.predict({ question: 'hi' })
    expect(((await refused.json()) as { message: string }).message).toBe(
      `Custom JS Function (customFunction_0): Custom code failed: TypeError: Weft could not reach http://${beacon.host}: ` +
        'the address is private, unreachable or refused the connection. ' +
        `An administrator can allow a private host by adding ${beacon.host} to WEFT_ALLOWED_PRIVATE_HOSTS.`,
    )
    expect(beacon.calls()).toBe(before)
    await t.close()

    const allowed = await publicCodeFlow(dialect, { WEFT_ALLOWED_PRIVATE_HOSTS: beacon.host }, code)
    t = allowed.t
    const answer = await allowed.predict({ question: 'hi' })
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { text: string }).text).toBe('beacon answer')
    expect(beacon.calls()).toBe(before + 1)
  }, 30_000)

  it('answers a busy sandbox, a time limit and a syntax error as flow errors naming the node', async () => {
    const app = await publicCodeFlow(dialect, { WEFT_SANDBOX_THREADS: '1', WEFT_SANDBOX_QUEUE: '1' }, 'while (true) {}')
    t = app.t
    // One run on the thread, one waiting: the third is turned away at once.
    const answers = await Promise.all([1, 2, 3].map(() => app.predict({ question: 'loop' })))
    const bodies = await Promise.all(answers.map(async (res) => ({ status: res.status, body: await res.json() })))
    const busy = {
      statusCode: 500,
      error: 'Internal Server Error',
      message:
        'Custom JS Function (customFunction_0): Weft is running too much custom code right now (1 run waiting); try again in a moment.',
    }
    const timedOut = { statusCode: 500, error: 'Internal Server Error', message: TIME_LIMIT }
    expect(bodies.map((answer) => answer.body).sort((a, b) => a.message.localeCompare(b.message))).toEqual([
      timedOut,
      timedOut,
      busy,
    ])
  }, 30_000)

  it('answers code that does not parse with its syntax error, as JSON and as events', async () => {
    const app = await publicCodeFlow(dialect, {}, 'return (')
    t = app.t
    const json = await app.predict({ question: 'hi' })
    expect(json.status).toBe(500)
    const body = (await json.json()) as { statusCode: number; error: string; message: string }
    expect(body).toMatchObject({ statusCode: 500, error: 'Internal Server Error' })
    expect(body.message).toMatch(/^Custom JS Function \(customFunction_0\): Custom code has a syntax error: /)

    const events = await readEvents(await app.predict({ question: 'hi', streaming: true }))
    expect(events.map((event) => event.event)).toEqual(['start', 'error', 'end'])
    expect(errorOf(events)).toBe(body.message)
  })
})
