// What the HTTP benchmarks share: spawning a server in a child process, timing POSTs over
// keep-alive connections (CLIENTS at once for SECONDS, or SERIAL one after the other), reading a
// process's CPU time and memory, and calling the API as a signed-in user.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

export const CLIENTS = Number(process.env.CLIENTS ?? 10)
export const SECONDS = Number(process.env.SECONDS ?? 10)
export const SERIAL = Number(process.env.SERIAL ?? 300)
/** First of the ports the HTTP benchmarks listen on (each takes a few above it), so runs side by side need not clash. */
export const PORT_BASE = Number(process.env.BENCH_PORT ?? 3430)
const root = new URL('..', import.meta.url).pathname
export const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS })

export const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 // utime + stime, in clock ticks of 10 ms
}
export const rssMb = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024

/** Runs `node <args>` from the repository root on a fresh data folder and waits for its ping. */
export async function spawnServer(args, port, env = {}) {
  const home = mkdtempSync(join(tmpdir(), 'weft-bench-http-'))
  // PROFILE=1 writes a CPU profile of each server to bench/profiles/ (open it in Chrome DevTools).
  const profile = process.env.PROFILE ? ['--cpu-prof', '--cpu-prof-dir=bench/profiles'] : []
  const child = spawn('node', [...profile, ...args], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', WEFT_HOME: home, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let i = 0; i < 3000; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/ping`)).ok) break
    } catch {
      await sleep(10)
    }
  }
  return {
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      rmSync(home, { recursive: true, force: true })
    },
  }
}

/**
 * One POST over the keep-alive agent; resolves with the time to the first body byte, to the end,
 * and (given `mark`) to the moment the body first contains `mark`, such as a streamed token's frame.
 */
export function post(url, body, headers = {}, mark) {
  const payload = JSON.stringify(body)
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (response) => {
        let firstMs
        let markMs
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => {
          firstMs ??= performance.now() - started
          text += chunk
          if (mark && markMs === undefined && text.includes(mark)) markMs = performance.now() - started
        })
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode} ${text}`))
          else resolve({ firstMs, markMs, totalMs: performance.now() - started, text })
        })
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

const sorted = (values) => [...values].sort((a, b) => a - b)
export const median = (values) => sorted(values)[Math.floor(values.length / 2)]
/** The value `p` (0–1) of the way up the sorted values: 0.95 for the 95th percentile. */
export const percentile = (values, p) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * p))]

/** CLIENTS loops posting for SECONDS; requests per second and median latency under load. */
export async function load(url, body, headers, pid) {
  const latencies = []
  const cpuBefore = pid ? cpuMs(pid) : 0
  const until = performance.now() + SECONDS * 1000
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) latencies.push((await post(url, body, headers)).totalMs)
    }),
  )
  const cpuPerRequest = pid ? (cpuMs(pid) - cpuBefore) / latencies.length : undefined
  return { rps: latencies.length / SECONDS, medianMs: median(latencies), cpuPerRequest, requests: latencies.length }
}

/**
 * SERIAL requests one after the other: median latency with nothing queued, and median first byte;
 * `marks` holds each request's time to `mark` (see `post`).
 */
export async function serial(url, body, headers, mark) {
  const totals = []
  const firsts = []
  const marks = []
  for (let i = 0; i < SERIAL; i++) {
    const { firstMs, markMs, totalMs } = await post(url, body, headers, mark)
    totals.push(totalMs)
    firsts.push(firstMs)
    if (markMs !== undefined) marks.push(markMs)
  }
  return { medianMs: median(totals), firstMs: median(firsts), marks }
}

/** `total` POSTs, CLIENTS at a time; answers the server's RSS once all have answered. */
export async function runs(url, body, headers, total, pid) {
  let left = total
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (left-- > 0) await post(url, body, headers)
    }),
  )
  return rssMb(pid)
}

/**
 * How long GET `pingUrl` takes while `work()` runs: pings one after the other, `gapMs` apart,
 * from just before `work` starts until it ends; answers their latencies.
 */
export async function pingsDuring(pingUrl, work, gapMs = 5) {
  const latencies = []
  let done = false
  const pinging = (async () => {
    while (!done) {
      const started = performance.now()
      const response = await fetch(pingUrl)
      await response.arrayBuffer()
      latencies.push(performance.now() - started)
      await sleep(gapMs)
    }
  })()
  await sleep(gapMs)
  await work()
  done = true
  await pinging
  return latencies
}

export async function api(base, token, method, path, body) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return response.json()
}

/** Signs in as `admin`; answers the session token `api` takes. */
export async function signIn(base, admin) {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  })
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`)
  return (await response.json()).token
}
