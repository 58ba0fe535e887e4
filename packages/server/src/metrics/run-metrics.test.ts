import type { FlowData } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { agentflowData } from '../../../engine/src/testing/test-agentflow.js'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, readEvents, templateFlowData } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { sampleValue } from '../test/prometheus.js'
import { failureKindOfStatus, runOutcomeOf } from './run-metrics.js'

// Flow runs over the real API (the built-in responder, the mock OpenAI server), then read back
// from /api/v1/metrics as Prometheus scrapes them.

const PORT = 4182

/** Prompt → LLM chain ← OpenAI-compatible chat model on the mock. */
function chainFlow(mock: MockOpenAIServer): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer briefly: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return JSON.stringify(flow.build() satisfies FlowData)
}

describe.each(testDialects())('flow runs in /api/v1/metrics on $name', (dialect) => {
  let mock: MockOpenAIServer
  let t: TestApp
  let admin: Browser
  let base: string
  let cookie: string

  beforeAll(async () => {
    mock = await startMockOpenAI()
  })
  afterAll(() => mock.close())
  beforeEach(async () => {
    mock.clearScript()
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host } })
    admin = await setUpAdmin(t.app)
    await t.app.listen({ port: PORT, host: '127.0.0.1' })
    base = `http://127.0.0.1:${PORT}`
    cookie = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ')
  })
  afterEach(async () => {
    t.app.server.closeAllConnections()
    await t.close()
  })

  const scrape = async () => {
    const res = await fetch(`${base}/api/v1/metrics`)
    expect(res.status).toBe(200)
    return res.text()
  }
  const stream = (flowId: string, body: Record<string, unknown>) =>
    fetch(`${base}/api/v1/internal-prediction/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ...body, streaming: true }),
    })

  it('counts a prediction of the built-in responder: a chatflow run that succeeded, and its request by route', async () => {
    const flow = await createFlow(admin, await templateFlowData('Conversation with Memory'))
    const res = await admin.post(`/api/v1/prediction/${flow.id}`, { question: 'I am Bo' })
    expect(res.status).toBe(200)
    const text = await scrape()
    expect(sampleValue(text, 'weft_flow_runs_total', { flow_type: 'chatflow', outcome: 'success' })).toBe(1)
    expect(sampleValue(text, 'weft_flow_runs_total', { outcome: 'failed' })).toBeUndefined()
    expect(
      sampleValue(text, 'weft_flow_run_duration_seconds_count', { flow_type: 'chatflow', outcome: 'success' }),
    ).toBe(1)
    expect(sampleValue(text, 'weft_flow_runs_active', { flow_type: 'chatflow' })).toBe(0)
    expect(
      sampleValue(text, 'weft_http_requests_total', { method: 'POST', route: '/api/v1/prediction/:id', status: '200' }),
    ).toBe(1)
    expect(text).not.toContain(flow.id)
    // A JSON answer has no first token to time.
    expect(sampleValue(text, 'weft_flow_first_token_seconds_count')).toBeUndefined()
  })

  it('times the first token of a streamed run and counts its model tokens by provider', async () => {
    const flow = await createFlow(admin, chainFlow(mock))
    mock.script({ text: 'Metrics are counted', usage: { promptTokens: 11, completionTokens: 7 }, delayMs: 150 })
    const events = await readEvents(await stream(flow.id, { question: 'Counted?' }))
    expect(events.filter((event) => event.event === 'token').length).toBeGreaterThan(1)
    const text = await scrape()
    expect(sampleValue(text, 'weft_flow_first_token_seconds_count', { flow_type: 'chatflow' })).toBe(1)
    // The model waited 150 ms before it answered, so the first token is not in the 0.1 s bucket.
    expect(sampleValue(text, 'weft_flow_first_token_seconds_bucket', { flow_type: 'chatflow', le: '0.1' })).toBe(0)
    expect(sampleValue(text, 'weft_model_tokens_total', { provider: 'openaicustom', kind: 'input' })).toBe(11)
    expect(sampleValue(text, 'weft_model_tokens_total', { provider: 'openaicustom', kind: 'output' })).toBe(7)
    expect(sampleValue(text, 'weft_flow_runs_total', { flow_type: 'chatflow', outcome: 'success' })).toBe(1)
    expect(
      sampleValue(text, 'weft_http_requests_total', { route: '/api/v1/internal-prediction/:id', status: '200' }),
    ).toBe(1)
  })

  it('counts a run whose model failed as failed, with the failure kind, and a stopped run as stopped', async () => {
    const flow = await createFlow(admin, chainFlow(mock))
    mock.script({ status: 500, body: { error: { message: 'the model broke' } } })
    const failed = await admin.post(`/api/v1/prediction/${flow.id}`, { question: 'Fail?' })
    expect(failed.status).toBe(502)

    mock.script({ text: 'A long answer that is stopped', chunkDelayMs: 60_000 })
    const res = await stream(flow.id, { question: 'Stop me', chatId: 'chat-stop' })
    let firstToken: () => void = () => {}
    const tokenArrived = new Promise<void>((resolve) => (firstToken = resolve))
    const reading = readEvents(res, (event) => event.event === 'token' && firstToken())
    await tokenArrived
    const stop = await fetch(`${base}/api/v1/chatmessage/abort/${flow.id}/chat-stop`, {
      method: 'PUT',
      headers: { cookie },
    })
    expect(stop.status).toBe(200)
    await reading

    const text = await scrape()
    expect(
      sampleValue(text, 'weft_flow_runs_total', { flow_type: 'chatflow', outcome: 'failed', failure_kind: 'service' }),
    ).toBe(1)
    expect(sampleValue(text, 'weft_flow_runs_total', { flow_type: 'chatflow', outcome: 'stopped' })).toBe(1)
    expect(sampleValue(text, 'weft_flow_runs_total', { outcome: 'success' })).toBeUndefined()
    expect(sampleValue(text, 'weft_http_requests_total', { route: '/api/v1/prediction/:id', status: '502' })).toBe(1)
  })

  it('counts an agentflow run by its type, with the tokens of its model step', async () => {
    const data = agentflowData(
      [
        { id: 'startAgentflow_0' },
        {
          id: 'llmAgentflow_0',
          inputs: {
            llmModel: 'chatOpenAICustom',
            llmModelConfig: { basePath: mock.baseURL, modelName: 'mock-model' },
            llmEnableMemory: false,
            llmMessages: [{ role: 'user', content: 'one' }],
          },
        },
      ],
      [['startAgentflow_0', 'llmAgentflow_0']],
    )
    const res = await admin.post('/api/v1/chatflows', {
      name: 'Agentflow',
      type: 'AGENTFLOW',
      flowData: JSON.stringify(data),
    })
    expect(res.status).toBe(201)
    mock.script({ text: 'Agent answer', usage: { promptTokens: 5, completionTokens: 3 } })
    const answer = await admin.post(`/api/v1/prediction/${res.body.id}`, { question: 'Go' })
    expect(answer.status).toBe(200)
    const text = await scrape()
    expect(sampleValue(text, 'weft_flow_runs_total', { flow_type: 'agentflow', outcome: 'success' })).toBe(1)
    expect(sampleValue(text, 'weft_model_tokens_total', { provider: 'openaicustom', kind: 'input' })).toBe(5)
    expect(sampleValue(text, 'weft_model_tokens_total', { provider: 'openaicustom', kind: 'output' })).toBe(3)
  })
})

describe('a run’s outcome', () => {
  const end = { event: 'end', data: '[DONE]' } as const
  it('follows the chat history: stopped by its caller, failed by kind (or internal), else success', () => {
    expect(runOutcomeOf([{ event: 'token', data: 'a' }, end], false)).toEqual({ outcome: 'success' })
    expect(runOutcomeOf([{ event: 'error', data: 'x', status: 504 }, end], true)).toEqual({ outcome: 'stopped' })
    expect(runOutcomeOf([{ event: 'error', data: 'x', status: 422 }, end], false)).toEqual({
      outcome: 'failed',
      failureKind: 'configuration',
    })
    // It threw before its end.
    expect(runOutcomeOf([{ event: 'token', data: 'a' }], false)).toEqual({ outcome: 'failed', failureKind: 'internal' })
    expect([400, 422, 502, 504, 500, undefined].map(failureKindOfStatus)).toEqual([
      'request',
      'configuration',
      'service',
      'timeout',
      'internal',
      'internal',
    ])
  })
})
