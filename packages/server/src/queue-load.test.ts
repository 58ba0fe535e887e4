import { randomBytes } from 'node:crypto'
import type { RunEvent } from '@weft/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../nodes/src/testing/mock-openai-server.js'
import { childServer, type ChildServer } from './test/child-server.js'
import { childWorker, type ChildWorker } from './test/child-worker.js'
import { modelChainFlow, readEvents } from './test/flows.js'
import { removeRedisKeys, TEST_REDIS_URL } from './test/shared-redis.js'

// 200 chats streaming at once for a minute (WEFT_LOAD_SECONDS), through the compiled server and two
// compiled workers on PostgreSQL and the machine's Redis: every stream must end, with every token
// of its answer in order, and nothing may fail. Each chat asks again as soon as its answer ended.

const postgres = process.env.TEST_DATABASE_URL
const CHATS = 200
const SECONDS = Number(process.env.WEFT_LOAD_SECONDS ?? 60)
const WORDS = Array.from({ length: 16 }, (_, i) => `t${i}`)
const ANSWER = WORDS.map((word) => `${word} `)
  .join('')
  .trimEnd()

describe.skipIf(!postgres)('queue mode under 200 streaming chats', () => {
  let mock: MockOpenAIServer
  let server: ChildServer
  let workers: ChildWorker[]
  let cookie: string
  const prefix = `weft-load-${randomBytes(4).toString('hex')}`

  beforeAll(async () => {
    mock = await startMockOpenAI()
    const env = { MODE: 'queue', REDIS_URL: TEST_REDIS_URL, WEFT_QUEUE_PREFIX: prefix, WORKER_CONCURRENCY: '150' }
    server = await childServer('queue-load', env, { dialect: { name: 'postgres', url: postgres! } })
    await server.start()
    cookie = await server.signIn()
    workers = [await childWorker(server, env), await childWorker(server, env)]
    await Promise.all(workers.map((worker) => worker.start()))
  }, 60_000)
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.kill()))
    await server.close()
    await mock.close()
    await removeRedisKeys(prefix)
  })

  it(
    `every stream of ${CHATS} chats over ${SECONDS} s ends complete and in order, with no error`,
    async () => {
      const created = await fetch(`${server.base}/api/v1/chatflows`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ name: 'Under load', type: 'CHATFLOW', flowData: modelChainFlow(mock.baseURL) }),
      })
      const flowId = ((await created.json()) as { id: string }).id
      // Enough slow answers for every round of every chat (about 2.4 s each).
      mock.script(...Array.from({ length: CHATS * 40 }, () => ({ text: ANSWER, chunkDelayMs: 150 })))

      const until = Date.now() + SECONDS * 1000
      const problems: string[] = []
      let streams = 0
      async function chat(n: number) {
        for (let round = 0; Date.now() < until; round++) {
          try {
            const res = await fetch(`${server.base}/api/v1/internal-prediction/${flowId}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie },
              body: JSON.stringify({ question: `Chat ${n}, round ${round}`, chatId: `load-${n}`, streaming: true }),
            })
            if (res.status !== 200) {
              problems.push(`chat ${n}: ${res.status} ${await res.text()}`)
              continue
            }
            const events: RunEvent[] = await readEvents(res)
            const text = events
              .filter((event) => event.event === 'token')
              .map((event) => event.data)
              .join('')
            const errors = events.filter((event) => event.event === 'error')
            if (errors.length > 0) problems.push(`chat ${n}: ${JSON.stringify(errors)}`)
            else if (events.at(-1)?.event !== 'end') problems.push(`chat ${n}: the stream did not end`)
            else if (text.trimEnd() !== ANSWER) problems.push(`chat ${n}: tokens out of order or missing: ${text}`)
            streams++
          } catch (error) {
            problems.push(`chat ${n}: ${String(error)}`)
          }
        }
      }
      await Promise.all(Array.from({ length: CHATS }, (_, n) => chat(n)))
      expect(problems.slice(0, 5)).toEqual([])
      expect(problems).toHaveLength(0)
      // Every chat asked more than once: the load was held for the whole time.
      expect(streams).toBeGreaterThanOrEqual(CHATS * 2)
      // Both workers took a share.
      for (const worker of workers) {
        const metrics = await (await fetch(`${worker.base}/api/v1/metrics`)).text()
        expect(metrics).toMatch(/weft_flow_runs_total\{[^}]*outcome="success"[^}]*\} [1-9]/)
      }
    },
    (SECONDS + 120) * 1000,
  )
})
