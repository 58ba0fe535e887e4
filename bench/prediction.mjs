// Requests per second, server time per run and first streamed token of a 3-node chatflow
// (prompt → LLM chain ← OpenAI-compatible chat model) whose model is the local mock OpenAI server,
// called through the prediction API with an API key. Beside it, in the same run and measured the
// same way: a bare Fastify endpoint, and the mock model called directly.
import { templateFlow } from '../packages/nodes/dist/templates/template-flow.js'
import { startMockOpenAI } from '../packages/nodes/dist/testing/mock-openai-server.js'
import { agent, api, CLIENTS, load, rssMb, SECONDS, SERIAL, serial, spawnServer } from './http-load.mjs'

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

const mock = await startMockOpenAI({ defaultText: 'The answer is forty-two.' })
// The mock listens on loopback, which Weft refuses to call unless the administrator allows it.
const weft = await spawnServer(['scripts/start.mjs'], 3431, {
  WEFT_ADMIN_EMAIL: ADMIN.email,
  WEFT_ADMIN_PASSWORD: ADMIN.password,
  WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host,
})
const bare = await spawnServer(['bench/bare-fastify.mjs'], 3432)
try {
  const base = 'http://127.0.0.1:3431'
  const { flowId, apiKey } = await prepare(base, mock.baseURL)
  const predictionUrl = `${base}/api/v1/prediction/${flowId}`
  const auth = { authorization: `Bearer ${apiKey}` }
  const question = { question: 'What is the answer?' }
  const direct = { model: 'mock-model', messages: [{ role: 'user', content: 'What is the answer?' }] }
  const bareUrl = 'http://127.0.0.1:3432/api/v1/echo'

  await load(predictionUrl, question, auth) // warm-up: JIT, flow cache, connections
  const rows = [
    ['bare Fastify, POST echo', await load(bareUrl, question, {}, bare.pid), await serial(bareUrl, question, {})],
    [
      'mock model called directly',
      await load(`${mock.baseURL}/chat/completions`, direct, {}),
      await serial(`${mock.baseURL}/chat/completions`, direct, {}),
    ],
    [
      'Weft prediction, JSON',
      await load(predictionUrl, question, auth, weft.pid),
      await serial(predictionUrl, question, auth),
    ],
  ]
  const streamed = await serial(predictionUrl, { ...question, streaming: true }, auth)
  const rssAfter = rssMb(weft.pid)

  console.log(
    `prediction benchmark, ${CLIENTS} clients × ${SECONDS} s, ${SERIAL} serial requests, ${new Date().toISOString()}`,
  )
  for (const [label, loaded, one] of rows) {
    const cpu = loaded.cpuPerRequest === undefined ? '' : `   CPU ${loaded.cpuPerRequest.toFixed(2)} ms/request`
    console.log(
      `${label.padEnd(30)} ${loaded.rps.toFixed(0).padStart(6)} req/s   median ${loaded.medianMs.toFixed(2)} ms under load   ${one.medianMs.toFixed(2)} ms alone${cpu}`,
    )
  }
  const overhead = rows[2][2].medianMs - rows[1][2].medianMs
  console.log(`Weft server time per run (alone, minus the direct model call): ${overhead.toFixed(2)} ms`)
  console.log(
    `first streamed byte: ${streamed.firstMs.toFixed(2)} ms (median of ${SERIAL}); Weft RSS after load ${rssAfter.toFixed(0)} MB`,
  )
} finally {
  await weft.stop()
  await bare.stop()
  await mock.close()
  agent.destroy()
}
