// Agentflow (V2) runs through the prediction API with an API key, on the control-flow runtime that
// records each step in an execution as it starts and finishes:
// 1. steps per second of a 10-step chain (Start, four LLM steps on the local mock OpenAI server,
//    Custom Functions, Conditions and a Direct Reply between them, ending in an LLM step) with
//    CLIENTS clients, and the server's CPU per run; beside it a bare Fastify endpoint measured the
//    same way in the same run;
// 2. first token latency of Start → LLM streamed: from the request sent to the first `token` frame,
//    median and 95th percentile over SERIAL requests; beside it the mock model called directly
//    (its first chunk).
import { loadavg } from 'node:os'
import { agentflowData } from '../packages/engine/dist/testing/test-agentflow.js'
import { startMockOpenAI } from '../packages/nodes/dist/testing/mock-openai-server.js'
import {
  agent,
  api,
  CLIENTS,
  load,
  median,
  percentile,
  PORT_BASE,
  post,
  rssMb,
  SECONDS,
  SERIAL,
  serial,
  signIn,
  spawnServer,
} from './http-load.mjs'
import { ADMIN } from './weft-server.mjs'

const ANSWER = 'The answer is forty-two.'

/** An LLM step asking the mock model with one message of its own (no memory: the flow passes text on). */
const llm = (id, model, content, streaming = false) => ({
  id,
  inputs: {
    llmModel: 'chatOpenAICustom',
    llmModelConfig: { ...model, streaming },
    llmEnableMemory: false,
    llmMessages: [{ role: 'user', content }],
  },
})

/** Start → LLM → Custom Function → Condition → LLM → Direct Reply → Custom Function → Condition → LLM → LLM. */
function chainFlow(model) {
  return agentflowData(
    [
      { id: 'startAgentflow_0' },
      llm('llmAgentflow_0', model, 'Answer briefly: {{ question }}'),
      {
        id: 'customFunctionAgentflow_0',
        inputs: {
          customFunctionInputVariables: [{ variableName: 'answer', variableValue: '{{ llmAgentflow_0 }}' }],
          customFunctionJavascriptFunction: 'return $answer.toUpperCase()',
        },
      },
      {
        id: 'conditionAgentflow_0',
        inputs: {
          conditions: [
            { type: 'string', value1: '{{ customFunctionAgentflow_0 }}', operation: 'contains', value2: 'FORTY' },
          ],
        },
      },
      llm('llmAgentflow_1', model, 'Check this answer: {{ customFunctionAgentflow_0 }}'),
      { id: 'directReplyAgentflow_0', inputs: { directReplyMessage: 'Checked: {{ llmAgentflow_1 }}' } },
      {
        id: 'customFunctionAgentflow_1',
        inputs: {
          customFunctionInputVariables: [{ variableName: 'reply', variableValue: '{{ directReplyAgentflow_0 }}' }],
          customFunctionJavascriptFunction: 'return String($reply.length)',
        },
      },
      {
        id: 'conditionAgentflow_1',
        inputs: {
          conditions: [{ type: 'number', value1: '{{ customFunctionAgentflow_1 }}', operation: 'larger', value2: '0' }],
        },
      },
      llm('llmAgentflow_2', model, 'Shorten: {{ directReplyAgentflow_0 }}'),
      llm('llmAgentflow_3', model, 'Say it once more: {{ llmAgentflow_2 }}'),
    ],
    [
      ['startAgentflow_0', 'llmAgentflow_0'],
      ['llmAgentflow_0', 'customFunctionAgentflow_0'],
      ['customFunctionAgentflow_0', 'conditionAgentflow_0'],
      // Output 0: the condition holds; its Else output (1) leads nowhere.
      ['conditionAgentflow_0', 'llmAgentflow_1', 0],
      ['llmAgentflow_1', 'directReplyAgentflow_0'],
      ['directReplyAgentflow_0', 'customFunctionAgentflow_1'],
      ['customFunctionAgentflow_1', 'conditionAgentflow_1'],
      ['conditionAgentflow_1', 'llmAgentflow_2', 0],
      ['llmAgentflow_2', 'llmAgentflow_3'],
    ],
  )
}
const CHAIN_STEPS = 10
const LLM_STEPS = 4

/** Start → LLM, the LLM streaming its answer. */
const streamedFlow = (model) =>
  agentflowData(
    [{ id: 'startAgentflow_0' }, llm('llmAgentflow_0', model, 'Answer briefly: {{ question }}', true)],
    [['startAgentflow_0', 'llmAgentflow_0']],
  )

/** Signs in, stores the mock's credential and an API key, saves both agentflows bound to the key. */
async function prepare(base, modelBaseURL) {
  const token = await signIn(base, ADMIN)
  const credential = await api(base, token, 'POST', '/credentials', {
    name: 'Mock model',
    credentialName: 'openAIApi',
    plainDataObj: { openAIApiKey: 'sk-bench' },
  })
  const key = await api(base, token, 'POST', '/apikey', { keyName: 'bench' })
  const model = { basePath: modelBaseURL, modelName: 'mock-model', credential: credential.id }
  const save = async (name, flowData) => {
    const saved = await api(base, token, 'POST', '/chatflows', {
      name,
      type: 'AGENTFLOW',
      flowData: JSON.stringify(flowData),
    })
    await api(base, token, 'PUT', `/chatflows/${saved.id}`, { apikeyid: key.id })
    return saved.id
  }
  return {
    chainId: await save('bench chain', chainFlow(model)),
    streamedId: await save('bench streamed', streamedFlow(model)),
    apiKey: key.apiKey,
  }
}

/** Fails the benchmark unless one run answered the mock's text with every step finished. */
function checkRun(text, steps) {
  const answer = JSON.parse(text)
  const finished = (answer.agentFlowExecutedData ?? []).filter((step) => step.status === 'FINISHED').length
  if (answer.text !== ANSWER || finished !== steps || !answer.executionId) {
    throw new Error(`The agentflow did not run as expected: ${text.slice(0, 2000)}`)
  }
}

const ms = (value) => value.toFixed(2).padStart(6)

const mock = await startMockOpenAI({ defaultText: ANSWER })
// The mock listens on loopback, which Weft refuses to call unless the administrator allows it.
const weft = await spawnServer(['scripts/start.mjs'], PORT_BASE + 1, {
  WEFT_ADMIN_EMAIL: ADMIN.email,
  WEFT_ADMIN_PASSWORD: ADMIN.password,
  WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host,
})
const bare = await spawnServer(['bench/bare-fastify.mjs'], PORT_BASE + 2)
try {
  const base = `http://127.0.0.1:${PORT_BASE + 1}`
  const { chainId, streamedId, apiKey } = await prepare(base, mock.baseURL)
  const auth = { authorization: `Bearer ${apiKey}` }
  const question = { question: 'What is the answer?' }
  const chainUrl = `${base}/api/v1/prediction/${chainId}`
  const streamedUrl = `${base}/api/v1/prediction/${streamedId}`
  const bareUrl = `http://127.0.0.1:${PORT_BASE + 2}/api/v1/echo`
  const direct = { model: 'mock-model', messages: [{ role: 'user', content: 'What is the answer?' }] }
  checkRun((await post(chainUrl, question, auth)).text, CHAIN_STEPS)
  checkRun((await post(streamedUrl, question, auth)).text, 2)

  await load(chainUrl, question, auth) // warm-up: JIT, flow cache, connections, the sandbox's workers
  const bareLoaded = await load(bareUrl, question, {}, bare.pid)
  const chainLoaded = await load(chainUrl, question, auth, weft.pid)
  const chainAlone = await serial(chainUrl, question, auth)
  const directAlone = await serial(`${mock.baseURL}/chat/completions`, direct, {})

  const tokenFrame = '"event":"token"'
  await serial(streamedUrl, { ...question, streaming: true }, auth, tokenFrame) // warm-up
  const streamed = await serial(streamedUrl, { ...question, streaming: true }, auth, tokenFrame)
  const directStreamed = await serial(`${mock.baseURL}/chat/completions`, { ...direct, stream: true }, {}, '"content"')
  if (streamed.marks.length !== SERIAL || directStreamed.marks.length !== SERIAL) {
    throw new Error(
      `Some streamed answers had no token: ${streamed.marks.length} and ${directStreamed.marks.length} of ${SERIAL}`,
    )
  }
  const rssAfter = rssMb(weft.pid)

  // The machine may be shared: a load above its cores slows everything, the bare server included.
  const [load1, load5] = loadavg()
  console.log(
    `agentflow benchmark, ${CLIENTS} clients × ${SECONDS} s, ${SERIAL} serial requests, ${new Date().toISOString()}, load average ${load1.toFixed(1)} (1 min) ${load5.toFixed(1)} (5 min)`,
  )
  console.log(
    `bare Fastify, POST echo              ${bareLoaded.rps.toFixed(0).padStart(6)} req/s   median ${ms(bareLoaded.medianMs)} ms under load   CPU ${bareLoaded.cpuPerRequest.toFixed(2)} ms/request`,
  )
  console.log(
    `Weft ${CHAIN_STEPS}-step agentflow, JSON       ${chainLoaded.rps.toFixed(1).padStart(6)} runs/s = ${(chainLoaded.rps * CHAIN_STEPS).toFixed(0)} steps/s   median ${ms(chainLoaded.medianMs)} ms under load   ${ms(chainAlone.medianMs)} ms alone   CPU ${chainLoaded.cpuPerRequest.toFixed(2)} ms/run (${(chainLoaded.cpuPerRequest / CHAIN_STEPS).toFixed(2)} ms/step)`,
  )
  console.log(
    `mock model called directly, alone    ${ms(directAlone.medianMs)} ms (the chain asks it ${LLM_STEPS} times)`,
  )
  const overhead = chainAlone.medianMs - LLM_STEPS * directAlone.medianMs
  console.log(`Weft server time per run (alone, minus the model calls): ${overhead.toFixed(2)} ms`)
  const firstToken = (marks) => `median ${ms(median(marks))} ms   p95 ${ms(percentile(marks, 0.95))} ms`
  console.log(
    `first token, Start → LLM streamed     ${firstToken(streamed.marks)}   (first byte of the stream ${ms(streamed.firstMs)} ms)`,
  )
  console.log(`first chunk, mock model directly      ${firstToken(directStreamed.marks)}`)
  console.log(`Weft RSS after load ${rssAfter.toFixed(0)} MB`)
} finally {
  await weft.stop()
  await bare.stop()
  await mock.close()
  agent.destroy()
}
