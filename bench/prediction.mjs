// Requests per second, server time per run and first streamed token of a 3-node chatflow
// (prompt → LLM chain ← OpenAI-compatible chat model) whose model is the local mock OpenAI server,
// called through the prediction API with an API key. Beside it, in the same run and measured the
// same way: a bare Fastify endpoint, and the mock model called directly. Then, on the same server:
// /api/v1/ping while BURST runs start at once (first on the fresh server, then BURSTS times warm),
// and its resident memory after 1,000 and after LONG_RUNS runs.
//
// Each Weft setup is one entry of `setups` (how to start it, and stop it): queue mode adds its
// own (a server and N workers) and gets the same figures.
import { templateFlow } from '../packages/nodes/dist/templates/template-flow.js'
import { startMockOpenAI } from '../packages/nodes/dist/testing/mock-openai-server.js'
import {
  agent,
  api,
  CLIENTS,
  load,
  percentile,
  pingsDuring,
  PORT_BASE,
  post,
  rssMb,
  runs,
  SECONDS,
  SERIAL,
  serial,
  spawnServer,
} from './http-load.mjs'

const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' }

/** Signs in, stores a credential and an API key, saves the 3-node flow bound to the key. */
async function prepare(base, modelBaseURL) {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  }).then((r) => r.json())
  const credential = await api(base, login.token, 'POST', '/credentials', {
    name: 'Mock model',
    credentialName: 'openAIApi',
    plainDataObj: { openAIApiKey: 'sk-bench' },
  })
  const key = await api(base, login.token, 'POST', '/apikey', { keyName: 'bench' })
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 80, 80, { modelName: 'mock-model', basePath: modelBaseURL })
  const prompt = flow.add('promptTemplate', 80, 560, { template: 'Answer briefly: {question}' })
  const chain = flow.add('llmChain', 520, 260)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  const flowData = flow.build()
  flowData.nodes.find((node) => node.id === model).data.credential = credential.id
  const saved = await api(base, login.token, 'POST', '/chatflows', {
    name: 'bench',
    type: 'CHATFLOW',
    flowData: JSON.stringify(flowData),
  })
  await api(base, login.token, 'PUT', `/chatflows/${saved.id}`, { apikeyid: key.id })
  return { flowId: saved.id, apiKey: key.apiKey }
}

const BURST = Number(process.env.BURST ?? 20)
const BURSTS = Number(process.env.BURSTS ?? 10)
const LONG_RUNS = Number(process.env.LONG_RUNS ?? 20000)

const mock = await startMockOpenAI({ defaultText: 'The answer is forty-two.' })
// The mock listens on loopback, which Weft refuses to call unless the administrator allows it.
const weftEnv = {
  WEFT_ADMIN_EMAIL: ADMIN.email,
  WEFT_ADMIN_PASSWORD: ADMIN.password,
  WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host,
}
/** The Weft setups measured, each beside the same bare Fastify and mock: `start` answers { port, pid, stop }. */
const setups = [
  {
    label: 'Weft prediction, JSON',
    async start(port) {
      const server = await spawnServer(['scripts/start.mjs'], port, weftEnv)
      return { port, pid: server.pid, stop: server.stop }
    },
  },
]

const ms = (value) => `${value.toFixed(2)} ms`
const pingFigures = (latencies) =>
  `p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}, max ${ms(Math.max(...latencies))} (${latencies.length} pings)`

/** Every figure of one Weft setup; `reference` holds the bare Fastify and mock rows of the same run. */
async function measureWeft(setup, port) {
  const weft = await setup.start(port)
  try {
    const base = `http://127.0.0.1:${weft.port}`
    const { flowId, apiKey } = await prepare(base, mock.baseURL)
    const predictionUrl = `${base}/api/v1/prediction/${flowId}`
    const auth = { authorization: `Bearer ${apiKey}` }
    const burst = () => Promise.all(Array.from({ length: BURST }, () => post(predictionUrl, question, auth)))
    const pingUrl = `${base}/api/v1/ping`
    // The first runs of a fresh server: whatever each run loads or prepares the first time.
    const coldPings = await pingsDuring(pingUrl, burst)
    let done = BURST
    const rss1k = await runs(predictionUrl, question, auth, 1000 - done, weft.pid)
    done = 1000
    const warmPings = []
    for (let i = 0; i < BURSTS; i++) {
      warmPings.push(...(await pingsDuring(pingUrl, burst)))
      done += BURST
    }
    const loaded = await load(predictionUrl, question, auth, weft.pid)
    const rssAfterLoad = rssMb(weft.pid)
    const one = await serial(predictionUrl, question, auth)
    const streamed = await serial(predictionUrl, { ...question, streaming: true }, auth)
    done += loaded.requests + 2 * SERIAL
    const rssLong = await runs(predictionUrl, question, auth, Math.max(0, LONG_RUNS - done), weft.pid)
    const longRuns = Math.max(LONG_RUNS, done)
    return { label: setup.label, loaded, one, streamed, rssAfterLoad, rss1k, rssLong, longRuns, coldPings, warmPings }
  } finally {
    await weft.stop()
  }
}

const question = { question: 'What is the answer?' }
const bare = await spawnServer(['bench/bare-fastify.mjs'], PORT_BASE + 2)
try {
  const direct = { model: 'mock-model', messages: [{ role: 'user', content: 'What is the answer?' }] }
  const bareUrl = `http://127.0.0.1:${PORT_BASE + 2}/api/v1/echo`
  const bareRow = {
    label: 'bare Fastify, POST echo',
    loaded: await load(bareUrl, question, {}, bare.pid),
    one: await serial(bareUrl, question, {}),
  }
  const pingsOfBare = await pingsDuring(`http://127.0.0.1:${PORT_BASE + 2}/api/v1/ping`, () =>
    Promise.all(Array.from({ length: BURST }, () => post(bareUrl, question, {}))),
  )
  const mockRow = {
    label: 'mock model called directly',
    loaded: await load(`${mock.baseURL}/chat/completions`, direct, {}),
    one: await serial(`${mock.baseURL}/chat/completions`, direct, {}),
  }
  const weftRows = []
  for (const [i, setup] of setups.entries()) weftRows.push(await measureWeft(setup, PORT_BASE + 1 + 10 * i))

  console.log(
    `prediction benchmark, ${CLIENTS} clients × ${SECONDS} s, ${SERIAL} serial requests, ${new Date().toISOString()}`,
  )
  for (const { label, loaded, one } of [bareRow, mockRow, ...weftRows]) {
    const cpu = loaded.cpuPerRequest === undefined ? '' : `   CPU ${loaded.cpuPerRequest.toFixed(2)} ms/request`
    const share =
      loaded.cpuPerRequest === undefined || label === bareRow.label
        ? ''
        : `   ${((100 * loaded.rps) / bareRow.loaded.rps).toFixed(1)} % of bare Fastify`
    console.log(
      `${label.padEnd(30)} ${loaded.rps.toFixed(0).padStart(6)} req/s   median ${loaded.medianMs.toFixed(2)} ms under load   ${one.medianMs.toFixed(2)} ms alone${cpu}${share}`,
    )
  }
  console.log(`bare Fastify /ping during ${BURST} echo requests at once: ${pingFigures(pingsOfBare)}`)
  for (const row of weftRows) {
    console.log(`${row.label}:`)
    console.log(
      `  server time per run (alone, minus the direct model call): ${ms(row.one.medianMs - mockRow.one.medianMs)}`,
    )
    console.log(`  first streamed byte: ${ms(row.streamed.firstMs)} (median of ${SERIAL})`)
    console.log(`  /ping during the first ${BURST} runs at once (fresh server): ${pingFigures(row.coldPings)}`)
    console.log(`  /ping during ${BURSTS} bursts of ${BURST} runs at once (warm): ${pingFigures(row.warmPings)}`)
    const growth = (100 * (row.rssLong - row.rss1k)) / row.rss1k
    console.log(
      `  RSS after the load ${row.rssAfterLoad.toFixed(0)} MB; after 1,000 runs ${row.rss1k.toFixed(0)} MB, after ${row.longRuns.toLocaleString('en')} runs ${row.rssLong.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %)`,
    )
  }
} finally {
  await bare.stop()
  await mock.close()
  agent.destroy()
}
