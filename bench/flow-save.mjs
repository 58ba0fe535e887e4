// Saving a big flow, and whether the server keeps answering meanwhile: PUT /api/v1/chatflows/:id
// with a flow of about MB megabytes (tiles of bench/big-flow.mjs's 200-node flow, ids renamed per
// tile, since building one flow of 15,000 nodes with the canvas's rules takes an hour), REPEAT times, while GET
// /api/v1/ping is asked one after the other (PING_GAP_MS apart); then the same pings with nothing
// else going on. Prints the body size, the save times and the ping latencies (p50, p95, max).
// `npm run build` first.
import http from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { bigFlow } from './big-flow.mjs'
import { api, percentile, signIn, spawnServer } from './http-load.mjs'

const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' }
const MEGABYTES = Number(process.env.MB ?? 40)
const REPEAT = Number(process.env.REPEAT ?? 3)
const PORT = 3443
const BASE = `http://127.0.0.1:${PORT}`
const PING_GAP_MS = 10

const pingAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })

function ping() {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    http
      .get(`${BASE}/api/v1/ping`, { agent: pingAgent }, (response) => {
        response.resume()
        response.on('end', () => resolve(performance.now() - started))
      })
      .on('error', reject)
  })
}

/** Pings until `done()` says stop; answers the latencies. */
async function pingWhile(done) {
  const latencies = []
  while (!done()) {
    latencies.push(await ping())
    await sleep(PING_GAP_MS)
  }
  return latencies
}

/** Copies of one 200-node flow, each with its own node ids, until the flow is `megabytes` large. */
function tiledFlow(megabytes) {
  const tile = bigFlow(200, 240)
  const text = JSON.stringify({ nodes: tile.nodes, edges: tile.edges })
  const ids = tile.nodes.map((node) => node.id).sort((a, b) => b.length - a.length)
  const flow = { nodes: [], edges: [], viewport: { x: 0, y: 0, zoom: 0.2 } }
  for (let k = 0; JSON.stringify(flow).length < megabytes * 1024 * 1024; k++) {
    let copy = text
    for (const id of ids) copy = copy.replace(new RegExp(`${id}(?=[-."}])`, 'g'), `${id}t${k}`)
    const { nodes, edges } = JSON.parse(copy)
    for (const node of nodes) node.position.y += k * 6000
    flow.nodes.push(...nodes)
    flow.edges.push(...edges)
  }
  return flow
}

const summary = (values) =>
  `${values.length} pings: p50 ${percentile(values, 0.5).toFixed(1)} ms, p95 ${percentile(values, 0.95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`

const weft = await spawnServer(['scripts/start.mjs'], PORT, {
  WEFT_ADMIN_EMAIL: ADMIN.email,
  WEFT_ADMIN_PASSWORD: ADMIN.password,
})
try {
  const token = await signIn(BASE, ADMIN)
  const saved = await api(BASE, token, 'POST', '/chatflows', { name: 'big', type: 'CHATFLOW' })
  const flow = tiledFlow(MEGABYTES)
  const body = JSON.stringify({ flowData: JSON.stringify(flow) })
  const saves = []
  let over = false
  const pinging = pingWhile(() => over)
  for (let i = 0; i < REPEAT; i++) {
    const started = performance.now()
    const response = await fetch(`${BASE}/api/v1/chatflows/${saved.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    })
    if (!response.ok) throw new Error(`save: ${response.status} ${await response.text()}`)
    await response.arrayBuffer()
    saves.push(performance.now() - started)
  }
  over = true
  const during = await pinging
  let idleOver = false
  setTimeout(() => (idleOver = true), 2000)
  const idle = await pingWhile(() => idleOver)
  console.log(`flow save, ${new Date().toISOString()}`)
  const size = (Buffer.byteLength(body) / 1024 / 1024).toFixed(1)
  console.log(`${flow.nodes.length} nodes, ${flow.edges.length} edges: ${size} MB a save`)
  console.log(`saves: ${saves.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`)
  console.log(`ping during saves: ${summary(during)}`)
  console.log(`ping idle:         ${summary(idle)}`)
} finally {
  await weft.stop()
}
