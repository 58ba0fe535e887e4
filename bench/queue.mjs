// Queue mode (MODE=queue) beside single mode and bare Fastify, in the same run: the 3-node chatflow
// of bench/prediction.mjs (prompt → LLM chain ← ChatOpenAI Compatible, on the local mock OpenAI
// server) through the prediction API with an API key, in single mode (SQLite, then PostgreSQL) and
// in queue mode with 1, 2 and 4 workers (PostgreSQL, the machine's Redis). Per setup, CLIENTS
// clients for SECONDS: req/s, p50/p99 latency and CPU per run (server and workers); then SERIAL runs
// one after the other (p50/p99 alone). The queue's added latency per run is a queue setup's p50
// minus single mode's p50 on the same database (PostgreSQL), under load and alone. Then STREAMS
// chats streaming at once for STREAM_SECONDS (each asks again when its answer ends) in single mode
// and against 2 workers: first token p50/p99, and every stream checked complete (its tokens in
// order, its last event `end`, no error).
//
// Needs the build (`flock /tmp/weft-build.lock npm run build`), PostgreSQL (QUEUE_BENCH_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/test; each setup in a schema of its own, dropped after)
// and Redis (QUEUE_BENCH_REDIS_URL, default redis://127.0.0.1:6379; each setup under a prefix of
// its own starting QUEUE_BENCH_PREFIX, its keys removed after with SCAN + DEL, never FLUSH).
// QUEUE_BENCH_PORT (default 4150) is the first of the 7 ports it listens on. PROFILE=1 writes CPU
// profiles of the servers and workers to bench/profiles/.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'
import pg from 'pg'
import { createSseReader } from '../packages/core/dist/run/sse-frames.js'
import { templateFlow } from '../packages/nodes/dist/templates/template-flow.js'
import { startMockOpenAI } from '../packages/nodes/dist/testing/mock-openai-server.js'
import { agent, api, CLIENTS, cpuMs, percentile, post, SECONDS, SERIAL, signIn, spawnServer } from './http-load.mjs'

const PORT = Number(process.env.QUEUE_BENCH_PORT ?? 4150)
const DATABASE_URL = process.env.QUEUE_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const REDIS_URL = process.env.QUEUE_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const PREFIX = process.env.QUEUE_BENCH_PREFIX ?? 'weft-h5-bench'
const STREAMS = Number(process.env.STREAMS ?? 200)
const STREAM_SECONDS = Number(process.env.STREAM_SECONDS ?? 20)
/** Runs at once per queue on each worker: enough for every stream at once on 2 workers. */
const WORKER_CONCURRENCY = Number(process.env.WORKER_CONCURRENCY ?? 100)
/** Runs before each measurement, so every process has compiled its hot paths. */
const WARM_UP = Number(process.env.WARM_UP ?? 300)
/** The streamed answer: 16 words, one chunk each, 50 ms apart (about 0.75 s a stream, as a fast model). */
const WORDS = Array.from({ length: 16 }, (_, i) => `w${i}`)
const STREAM_TEXT = WORDS.join(' ')
const CHUNK_DELAY_MS = Number(process.env.CHUNK_DELAY_MS ?? 50)

const root = new URL('..', import.meta.url).pathname
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' }
const question = { question: 'What is the answer?' }
const mock = await startMockOpenAI({ defaultText: 'The answer is forty-two.' })
// The mock listens on loopback, which Weft refuses to call unless the administrator allows it.
const weftEnv = {
  WEFT_ADMIN_EMAIL: ADMIN.email,
  WEFT_ADMIN_PASSWORD: ADMIN.password,
  WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host,
}

/** Signs in, stores a credential and an API key, saves the 3-node flow (as bench/prediction.mjs builds it) bound to the key. */
async function prepare(base) {
  const token = await signIn(base, ADMIN)
  const credential = await api(base, token, 'POST', '/credentials', {
    name: 'Mock model',
    credentialName: 'openAIApi',
    plainDataObj: { openAIApiKey: 'sk-bench' },
  })
  const key = await api(base, token, 'POST', '/apikey', { keyName: 'bench' })
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 80, 80, { modelName: 'mock-model', basePath: mock.baseURL })
  const prompt = flow.add('promptTemplate', 80, 560, { template: 'Answer briefly: {question}' })
  const chain = flow.add('llmChain', 520, 260)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  const flowData = flow.build()
  flowData.nodes.find((node) => node.id === model).data.credential = credential.id
  const saved = await api(base, token, 'POST', '/chatflows', {
    name: 'bench',
    type: 'CHATFLOW',
    flowData: JSON.stringify(flowData),
  })
  await api(base, token, 'PUT', `/chatflows/${saved.id}`, { apikeyid: key.id })
  return { url: `${base}/api/v1/prediction/${saved.id}`, auth: { authorization: `Bearer ${key.apiKey}` } }
}

/** `node packages/server/dist/worker.js` on the server's data; resolves once its /ready answers 200. */
async function spawnWorker(port, env) {
  const profile = process.env.PROFILE ? ['--cpu-prof', '--cpu-prof-dir=bench/profiles'] : []
  const child = spawn('node', [...profile, 'packages/server/dist/worker.js'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', WORKER_PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = once(child, 'exit').then(() => {
    throw new Error('A worker exited before it was ready')
  })
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/v1/ready`)).ok) return
      } catch {
        // not listening yet
      }
      await sleep(50)
    }
  })()
  await Promise.race([ready, exited])
  return {
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
}

/** Removes the keys under `prefix` (SCAN + DEL, never FLUSH: the Redis is shared). */
async function removeRedisKeys(prefix) {
  const redis = new Redis(REDIS_URL)
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500)
      cursor = next
      if (keys.length > 0) await redis.del(...keys)
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

async function dropSchema(schema) {
  const client = new pg.Client({ connectionString: DATABASE_URL })
  await client.connect()
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  } finally {
    await client.end()
  }
}

/**
 * Starts a Weft setup: a server (single mode on SQLite or PostgreSQL, or queue mode) and `workers`
 * workers on its data. Answers the server's base URL, every process's pid and a stop function that
 * removes its data folder, schema and Redis keys.
 */
async function startSetup({ database, workers }, port) {
  const home = mkdtempSync(join(tmpdir(), 'weft-bench-queue-'))
  const schema = database === 'postgres' ? `bench_queue_${randomBytes(5).toString('hex')}` : undefined
  const prefix = workers > 0 ? `${PREFIX}-${randomBytes(4).toString('hex')}` : undefined
  const env = {
    ...weftEnv,
    WEFT_HOME: home,
    ...(schema ? { DATABASE_URL, WEFT_DATABASE_SCHEMA: schema } : {}),
    ...(prefix
      ? { MODE: 'queue', REDIS_URL, WEFT_QUEUE_PREFIX: prefix, WORKER_CONCURRENCY: String(WORKER_CONCURRENCY) }
      : {}),
  }
  const stops = []
  try {
    const server = await spawnServer(['scripts/start.mjs'], port, env)
    stops.push(server.stop)
    const workerPids = []
    for (let i = 0; i < workers; i++) {
      const worker = await spawnWorker(port + 1 + i, env)
      stops.push(worker.stop)
      workerPids.push(worker.pid)
    }
    return {
      base: `http://127.0.0.1:${port}`,
      serverPid: server.pid,
      workerPids,
      async stop() {
        for (const stop of stops.reverse()) await stop()
        rmSync(home, { recursive: true, force: true })
        if (schema) await dropSchema(schema)
        if (prefix) await removeRedisKeys(prefix)
      },
    }
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined)
    rmSync(home, { recursive: true, force: true })
    if (schema) await dropSchema(schema).catch(() => undefined)
    if (prefix) await removeRedisKeys(prefix).catch(() => undefined)
    throw error
  }
}

const cpuOf = (pids) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0)

/** CLIENTS loops posting for SECONDS: req/s, p50/p99 latency, CPU per request of the server and of the workers. */
async function loadFigures(url, body, headers, serverPid, workerPids = []) {
  const latencies = []
  const serverBefore = serverPid ? cpuMs(serverPid) : 0
  const workersBefore = cpuOf(workerPids)
  const until = performance.now() + SECONDS * 1000
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) latencies.push((await post(url, body, headers)).totalMs)
    }),
  )
  const n = latencies.length
  return {
    rps: n / SECONDS,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    serverCpu: serverPid ? (cpuMs(serverPid) - serverBefore) / n : undefined,
    workersCpu: workerPids.length > 0 ? (cpuOf(workerPids) - workersBefore) / n : undefined,
  }
}

/** SERIAL requests one after the other: p50/p99 with nothing else running. */
async function aloneFigures(url, body, headers) {
  const latencies = []
  for (let i = 0; i < SERIAL; i++) latencies.push((await post(url, body, headers)).totalMs)
  return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) }
}

async function warmUp(url, body, headers) {
  let left = WARM_UP
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (left-- > 0) await post(url, body, headers)
    }),
  )
}

// The streams get their own agent: the shared one keeps CLIENTS sockets, and each stream holds one.
const streamAgent = new http.Agent({ keepAlive: true, maxSockets: STREAMS })

/**
 * One streamed answer: the time to its first `token` event and to its end, and what was wrong with
 * it (not 200, an error event, the last event not `end`, tokens missing or out of order).
 */
function stream(url, headers, n) {
  const payload = JSON.stringify({ question: `Stream ${n}`, streaming: true })
  const started = performance.now()
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: streamAgent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (response) => {
        const events = []
        let firstTokenMs
        const reader = createSseReader((event) => {
          if (event.event === 'token') firstTokenMs ??= performance.now() - started
          events.push(event)
        })
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => {
          if (response.statusCode === 200) reader.push(chunk)
          else body += chunk
        })
        response.on('end', () => {
          const totalMs = performance.now() - started
          if (response.statusCode !== 200) return resolve({ problem: `${response.statusCode} ${body.slice(0, 200)}` })
          reader.end()
          const errors = events.filter((event) => event.event === 'error')
          const text = events
            .filter((event) => event.event === 'token')
            .map((event) => event.data)
            .join('')
          let problem
          if (errors.length > 0) problem = `error event: ${JSON.stringify(errors[0].data).slice(0, 200)}`
          else if (events.at(-1)?.event !== 'end') problem = `last event ${events.at(-1)?.event ?? 'none'}, not end`
          else if (text.trim() !== STREAM_TEXT) problem = `tokens missing or out of order: ${text.slice(0, 80)}`
          resolve({ firstTokenMs, totalMs, problem })
        })
        response.on('error', (error) => resolve({ problem: String(error) }))
      },
    )
    request.on('error', (error) => resolve({ problem: String(error) }))
    request.end(payload)
  })
}

/** STREAMS chats at once for STREAM_SECONDS, each asking again as soon as its answer ended. */
async function streamFigures(url, headers) {
  // Enough slow answers for every round (the mock answers them in the order asked), then cleared.
  const rounds = Math.ceil((STREAM_SECONDS * 1000) / (WORDS.length * CHUNK_DELAY_MS)) + 5
  mock.script(
    ...Array.from({ length: STREAMS * rounds }, () => ({
      text: STREAM_TEXT,
      chunkDelayMs: CHUNK_DELAY_MS,
    })),
  )
  const firsts = []
  const totals = []
  const problems = []
  const until = performance.now() + STREAM_SECONDS * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: STREAMS }, async (_, n) => {
      while (performance.now() < until) {
        const result = await stream(url, headers, n)
        if (result.problem) problems.push(result.problem)
        else {
          firsts.push(result.firstTokenMs)
          totals.push(result.totalMs)
        }
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  mock.clearScript()
  return {
    streams: firsts.length + problems.length,
    perSecond: (firsts.length + problems.length) / elapsed,
    firstP50: percentile(firsts, 0.5),
    firstP99: percentile(firsts, 0.99),
    totalP50: percentile(totals, 0.5),
    problems,
  }
}

const setups = [
  { label: 'single mode, SQLite', database: 'sqlite', workers: 0 },
  { label: 'single mode, PostgreSQL', database: 'postgres', workers: 0, streams: true },
  { label: 'queue mode, 1 worker', database: 'postgres', workers: 1 },
  { label: 'queue mode, 2 workers', database: 'postgres', workers: 2, streams: true },
  { label: 'queue mode, 4 workers', database: 'postgres', workers: 4 },
].filter((setup) => !process.env.SETUPS || process.env.SETUPS.split(',').includes(String(setup.workers)))

const loadAtStart = loadavg()[0]
const date = new Date().toISOString()
const rows = []
const streamRows = []
const bare = await spawnServer(['bench/bare-fastify.mjs'], PORT)
try {
  const bareUrl = `http://127.0.0.1:${PORT}/api/v1/echo`
  await warmUp(bareUrl, question, {})
  rows.push({
    label: 'bare Fastify, POST echo',
    loaded: await loadFigures(bareUrl, question, {}, bare.pid),
    alone: await aloneFigures(bareUrl, question, {}),
  })
} finally {
  await bare.stop()
}
try {
  for (const setup of setups) {
    const weft = await startSetup(setup, PORT + 1)
    try {
      const { url, auth } = await prepare(weft.base)
      await warmUp(url, question, auth)
      const loaded = await loadFigures(url, question, auth, weft.serverPid, weft.workerPids)
      const alone = await aloneFigures(url, question, auth)
      rows.push({ ...setup, loaded, alone })
      if (setup.streams && STREAMS > 0) streamRows.push({ ...setup, ...(await streamFigures(url, auth)) })
    } finally {
      await weft.stop()
    }
  }
} finally {
  await mock.close()
  agent.destroy()
  streamAgent.destroy()
}

const ms = (value) => (value === undefined ? '—' : `${value.toFixed(1)} ms`)
const plus = (value) => `${value >= 0 ? '+' : ''}${value.toFixed(1)} ms`
const single = rows.find((row) => row.database === 'postgres' && row.workers === 0)
const bareRow = rows[0]
console.log(
  `queue benchmark ${date}: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, load average ${loadAtStart.toFixed(1)} → ${loadavg()[0].toFixed(1)}`,
)
console.log(
  `${CLIENTS} clients × ${SECONDS} s, then ${SERIAL} runs alone; worker concurrency ${WORKER_CONCURRENCY} per queue`,
)
console.log(
  '| what | req/s (10 clients) | % of bare Fastify | p50 / p99 under load | p50 / p99 alone | queue adds (p50 under load / alone) | CPU per run: server + workers |',
)
console.log('|---|---|---|---|---|---|---|')
for (const row of rows) {
  const { loaded, alone } = row
  const added =
    row.workers > 0 && single ? `${plus(loaded.p50 - single.loaded.p50)} / ${plus(alone.p50 - single.alone.p50)}` : '—'
  const cpu =
    loaded.workersCpu === undefined ? ms(loaded.serverCpu) : `${ms(loaded.serverCpu)} + ${ms(loaded.workersCpu)}`
  const share = row === bareRow ? '100 %' : `${((100 * loaded.rps) / bareRow.loaded.rps).toFixed(1)} %`
  console.log(
    `| ${row.label} | ${loaded.rps.toFixed(0)} | ${share} | ${ms(loaded.p50)} / ${ms(loaded.p99)} | ${ms(alone.p50)} / ${ms(alone.p99)} | ${added} | ${cpu} |`,
  )
}
if (streamRows.length > 0) {
  console.log(
    `\n${STREAMS} chats streaming at once for ${STREAM_SECONDS} s (${WORDS.length} tokens, ${CHUNK_DELAY_MS} ms apart, each chat asking again when its answer ends)`,
  )
  console.log('| what | streams | streams/s | first token p50 / p99 | whole answer p50 | problems |')
  console.log('|---|---|---|---|---|---|')
  for (const row of streamRows) {
    console.log(
      `| ${row.label} | ${row.streams} | ${row.perSecond.toFixed(1)} | ${ms(row.firstP50)} / ${ms(row.firstP99)} | ${ms(row.totalP50)} | ${row.problems.length} |`,
    )
  }
  for (const row of streamRows) {
    const kinds = new Map()
    for (const problem of row.problems) kinds.set(problem, (kinds.get(problem) ?? 0) + 1)
    for (const [problem, count] of kinds) console.log(`  ${row.label}: ${count} × ${problem}`)
  }
}
