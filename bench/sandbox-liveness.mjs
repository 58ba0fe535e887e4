// Does the server keep answering while user code loops forever? Measures the latency of
// GET /api/v1/ping (p50, p95, max) on the built server, first idle, then while LOOPS runs of a public
// chatflow whose Custom JS Function is `while (true) {}` are kept going (each ends at the sandbox's
// 1 s time limit and is started again at once), for each sandbox thread count in THREADS.
// `npm run build` first. Budget (issue 12): ping answers within 100 ms while loops run.
import http from 'node:http'
import os from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { templateFlow } from '../packages/nodes/dist/templates/template-flow.js'
import { api, percentile, signIn, spawnServer } from './http-load.mjs'

const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' }
const SECONDS = Number(process.env.SECONDS ?? 10)
const PORT = 3441
const BASE = `http://127.0.0.1:${PORT}`
/** Pings one after the other, this far apart, so they sample the whole window instead of queueing. */
const PING_GAP_MS = 10
const scenarios = (process.env.SCENARIOS ?? '2:0,2:2,2:20,4:4')
  .split(',')
  .map((pair) => pair.split(':').map(Number))
  .map(([threads, loops]) => ({ threads, loops }))

const pingAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
const loopAgent = new http.Agent({ keepAlive: true })

/** One GET /ping on its own keep-alive connection; resolves with the milliseconds to the whole answer. */
function ping() {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    http
      .get(`${BASE}/api/v1/ping`, { agent: pingAgent }, (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => (text === 'pong' ? resolve(performance.now() - started) : reject(new Error(text))))
      })
      .on('error', reject)
  })
}

/** One run of the looping flow; resolves with its error text (the time limit, when it looped). */
function loopRun(flowId) {
  const payload = JSON.stringify({ question: 'loop' })
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${BASE}/api/v1/prediction/${flowId}`,
      {
        method: 'POST',
        agent: loopAgent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => resolve(JSON.parse(text).message ?? text))
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

async function prepare() {
  const token = await signIn(BASE, ADMIN)
  const flow = templateFlow()
  flow.add('customFunction', 0, 0, { javascriptFunction: 'while (true) {}' })
  const saved = await api(BASE, token, 'POST', '/chatflows', {
    name: 'endless loop',
    type: 'CHATFLOW',
    flowData: JSON.stringify(flow.build()),
    isPublic: true,
  })
  return saved.id
}

async function measure({ threads, loops }) {
  const weft = await spawnServer(['scripts/start.mjs'], PORT, {
    WEFT_ADMIN_EMAIL: ADMIN.email,
    WEFT_ADMIN_PASSWORD: ADMIN.password,
    WEFT_SANDBOX_THREADS: String(threads),
    WEFT_SANDBOX_QUEUE: '64',
  })
  try {
    const flowId = await prepare()
    for (let i = 0; i < 50; i++) await ping() // warm-up: JIT, connection
    if (loops > 0) {
      // The workers start with the first run: one loop to its end first, so the start is not measured.
      await loopRun(flowId)
    }
    let stopping = false
    const outcomes = new Map()
    const keepLooping = async () => {
      while (!stopping) {
        const message = await loopRun(flowId)
        outcomes.set(message, (outcomes.get(message) ?? 0) + 1)
      }
    }
    const loopers = Array.from({ length: loops }, keepLooping)
    await sleep(loops > 0 ? 200 : 0) // the loops have been handed to the workers
    const latencies = []
    const until = performance.now() + SECONDS * 1000
    while (performance.now() < until) {
      latencies.push(await ping())
      await sleep(PING_GAP_MS)
    }
    stopping = true
    await Promise.all(loopers)
    return { threads, loops, latencies, outcomes }
  } finally {
    await weft.stop()
  }
}

console.log(
  `sandbox liveness, ${SECONDS} s per scenario, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}, ${new Date().toISOString()}`,
)
for (const scenario of scenarios) {
  const { threads, loops, latencies, outcomes } = await measure(scenario)
  const ms = (value) => `${value.toFixed(1)} ms`
  const max = Math.max(...latencies)
  const runs = [...outcomes].map(([message, count]) => `${count} × ${message.replace(/^.*\): /, '')}`).join('; ')
  console.log(
    `threads ${threads}, loops ${String(loops).padStart(2)}: pings ${latencies.length}, p50 ${ms(percentile(latencies, 0.5))}, ` +
      `p95 ${ms(percentile(latencies, 0.95))}, max ${ms(max)}${max > 100 ? '  (over 100 ms)' : ''}${runs ? `; runs: ${runs}` : ''}`,
  )
}
console.log(`load after: ${os.loadavg()[0].toFixed(1)}`)
