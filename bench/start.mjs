// Start-to-ready time and idle memory of the embedded default (`npm start`: SQLite, fresh data folder),
// beside a bare Fastify server measured the same way in the same run. Median of RUNS starts.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const RUNS = Number(process.env.RUNS ?? 5)
const IDLE_MS = 3000
const root = new URL('..', import.meta.url).pathname

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))
  return Number(line.split(/\s+/)[1]) / 1024
}

async function measure(command, args, port) {
  const home = mkdtempSync(join(tmpdir(), 'weft-bench-'))
  const started = performance.now()
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), WEFT_HOME: home, LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
    stdio: 'ignore',
  })
  let readyMs
  for (let i = 0; i < 3000 && readyMs === undefined; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/ping`)
      if (res.ok) readyMs = performance.now() - started
    } catch {
      await sleep(5)
    }
  }
  if (readyMs === undefined) throw new Error(`${args.join(' ')} never became ready`)
  await sleep(IDLE_MS)
  const idleMb = rssMb(child.pid)
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
  rmSync(home, { recursive: true, force: true })
  return { readyMs, idleMb }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function series(label, command, args) {
  const results = []
  for (let i = 0; i < RUNS; i++) results.push(await measure(command, args, Number(process.env.BENCH_PORT ?? 3400) + i))
  return { label, readyMs: median(results.map((r) => r.readyMs)), idleMb: median(results.map((r) => r.idleMb)) }
}

const rows = [
  await series('Weft (node scripts/start.mjs, what npm start runs)', 'node', ['scripts/start.mjs']),
  await series('bare Fastify, one route', 'node', ['bench/bare-fastify.mjs']),
]
console.log(`start-to-ready and idle memory, median of ${RUNS} starts, ${new Date().toISOString()}`)
for (const r of rows)
  console.log(
    `${r.label.padEnd(52)} ready ${r.readyMs.toFixed(0).padStart(5)} ms   idle RSS ${r.idleMb.toFixed(1).padStart(6)} MB`,
  )
