import type { FlowData } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, listen, readEvents } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { startTraceReceiver, type ReceivedRequest, type TraceReceiver } from '../test/trace-receiver.js'

// Runs flows whose Analytics send traces: the real engine and nodes against the mock OpenAI server,
// the traces to plain HTTP servers on 127.0.0.1 standing in for a collector and for LangSmith.

const MODEL_KEY = 'sk-model-key-4711'
const COLLECTOR_TOKEN = 'collector-token-0815'
const LANGSMITH_KEY = 'lsv2-stand-in-key-42'

interface OtlpSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  status?: { code?: number; message?: string }
  attributes: Record<string, unknown>
}

type OtlpValue = { stringValue?: string; intValue?: number | string; doubleValue?: number; boolValue?: boolean }
type OtlpBody = {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: OtlpValue }> }
    scopeSpans: Array<{
      spans: Array<Omit<OtlpSpan, 'attributes'> & { attributes?: Array<{ key: string; value: OtlpValue }> }>
    }>
  }>
}

const valueOf = (value: OtlpValue) =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.doubleValue ?? value.boolValue))

/** The spans of an OTLP/HTTP JSON body, attributes as an object. */
function spansOf(request: ReceivedRequest): OtlpSpan[] {
  const body = request.body as OtlpBody
  return body.resourceSpans.flatMap((resource) =>
    resource.scopeSpans.flatMap((scope) =>
      scope.spans.map((span) => ({
        ...span,
        attributes: Object.fromEntries((span.attributes ?? []).map(({ key, value }) => [key, valueOf(value)])),
      })),
    ),
  )
}

/** Every attribute value of a trace (span names and status messages too), as text. */
const attributeTexts = (spans: OtlpSpan[]) =>
  spans.flatMap((span) => [
    span.name,
    span.status?.message ?? '',
    ...Object.values(span.attributes).map((value) => String(value)),
  ])

/** Prompt → LLM chain ← OpenAI custom chat model on the mock, with the model's credential. */
function chainFlow(mock: MockOpenAIServer, credentialId: string): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer briefly: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  const data: FlowData = flow.build()
  data.nodes.find((node) => node.id === model)!.data.credential = credentialId
  return JSON.stringify(data)
}

describe.each(testDialects())('tracing flow runs on $name', (dialect) => {
  let mock: MockOpenAIServer
  let receiver: TraceReceiver
  let t: TestApp
  let admin: Browser
  let base: string
  let cookie: string

  beforeAll(async () => {
    mock = await startMockOpenAI()
    receiver = await startTraceReceiver()
  })
  afterAll(async () => {
    await mock.close()
    await receiver.close()
  })
  beforeEach(async () => {
    mock.requests.length = 0
    receiver.requests.length = 0
    // The administrator lets flows reach the model server and the receiver on this machine, nothing else.
    t = await startTestApp({
      dialect,
      env: { WEFT_ALLOWED_PRIVATE_HOSTS: `${new URL(mock.url).host},${receiver.host}` },
    })
    admin = await setUpAdmin(t.app)
    base = await listen(t.app)
    cookie = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ')
  })
  afterEach(async () => {
    t.app.server.closeAllConnections()
    await t.close()
  })

  const predict = (flowId: string, body: Record<string, unknown>) =>
    fetch(`${base}/api/v1/internal-prediction/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    })

  async function credential(credentialName: string, plainDataObj: Record<string, string>): Promise<string> {
    const res = await admin.post('/api/v1/credentials', { name: credentialName, credentialName, plainDataObj })
    expect(res.status).toBe(201)
    return res.body.id as string
  }

  async function tracedFlow(analytic: Record<string, unknown>) {
    const modelKey = await credential('openAIApi', { openAIApiKey: MODEL_KEY })
    const flow = await createFlow(admin, chainFlow(mock, modelKey))
    const saved = await admin.put(`/api/v1/chatflows/${flow.id}`, { analytic: JSON.stringify(analytic) })
    expect(saved.status).toBe(200)
    return flow
  }

  const received = (path: string) => receiver.requests.filter((request) => request.path === path)

  it('sends one trace per run to an OTLP collector: the root, a span per node, the model’s tokens, no secret', async () => {
    const collector = await credential('openTelemetryApi', {
      openTelemetryEndpoint: receiver.url,
      openTelemetryHeaders: `authorization=Bearer ${COLLECTOR_TOKEN}`,
    })
    const flow = await tracedFlow({ openTelemetry: { status: true, credentialId: collector } })

    mock.script({ text: 'Weft traces runs', usage: { promptTokens: 11, completionTokens: 7 } })
    const res = await predict(flow.id, { question: 'What does Weft do?' })
    expect(res.status).toBe(200)
    const answer = (await res.json()) as { text: string; chatId: string; sessionId: string }
    expect(answer.text).toBe('Weft traces runs')

    await vi.waitFor(() => expect(received('/v1/traces')).toHaveLength(1), { timeout: 10_000 })
    const request = received('/v1/traces')[0]!
    expect(request.method).toBe('POST')
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers.authorization).toBe(`Bearer ${COLLECTOR_TOKEN}`)

    const spans = spansOf(request)
    const root = spans.find((span) => span.parentSpanId === undefined || span.parentSpanId === '')!
    expect(root.name).toBe(flow.name)
    expect(root.attributes).toMatchObject({
      'weft.flow.id': flow.id,
      'weft.flow.name': flow.name,
      'weft.chat.id': answer.chatId,
      'session.id': answer.sessionId,
      'input.value': 'What does Weft do?',
      'output.value': 'Weft traces runs',
    })
    const children = spans.filter((span) => span !== root)
    expect(children.map((span) => span.attributes['weft.node.id']).sort()).toEqual([
      'chatOpenAICustom_0',
      'llmChain_0',
      'promptTemplate_0',
    ])
    for (const child of children) {
      expect(child.traceId).toBe(root.traceId)
      expect(child.parentSpanId).toBe(root.spanId)
      expect(child.status?.code ?? 0).not.toBe(2)
    }
    const model = children.find((span) => span.attributes['weft.node.id'] === 'chatOpenAICustom_0')!
    expect(model.attributes).toMatchObject({
      'weft.node.name': 'chatOpenAICustom',
      'gen_ai.usage.input_tokens': 11,
      'gen_ai.usage.output_tokens': 7,
      'gen_ai.request.model': 'mock-model',
      'weft.node.param.modelName': 'mock-model',
    })
    expect(typeof model.attributes['gen_ai.system']).toBe('string')
    // Where the model lives is not shown: an address can carry a token.
    expect(Object.keys(model.attributes).some((key) => key.includes('basePath'))).toBe(false)
    for (const text of [...attributeTexts(spans), request.text]) {
      expect(text).not.toContain(MODEL_KEY)
      expect(text).not.toContain(COLLECTOR_TOKEN)
    }

    // A streamed run is traced the same way, as its own trace.
    mock.script({ text: 'Streamed and traced', usage: { promptTokens: 5, completionTokens: 3 } })
    const events = await readEvents(await predict(flow.id, { question: 'Again?', streaming: true }))
    expect(events.at(-1)!.event).toBe('end')
    await vi.waitFor(() => expect(received('/v1/traces')).toHaveLength(2), { timeout: 10_000 })
    const streamed = spansOf(received('/v1/traces')[1]!)
    expect(streamed).toHaveLength(4)
    expect(streamed[0]!.traceId).not.toBe(root.traceId)
    expect(streamed.find((span) => span.attributes['gen_ai.usage.input_tokens'] === 5)).toBeDefined()
  })

  it('marks the failing model, its chain and the run as errors, without the key the server repeated', async () => {
    const collector = await credential('openTelemetryApi', { openTelemetryEndpoint: `${receiver.url}/custom/path` })
    const flow = await tracedFlow({ openTelemetry: { status: true, credentialId: collector } })
    mock.script({ status: 401, body: { error: { message: `Incorrect API key provided: ${MODEL_KEY}` } } })
    expect((await predict(flow.id, { question: 'Hi' })).status).toBe(502)

    await vi.waitFor(() => expect(received('/custom/path')).toHaveLength(1), { timeout: 10_000 })
    const spans = spansOf(received('/custom/path')[0]!)
    const failed = spans
      .filter((span) => span.status?.code === 2)
      .map((span) => String(span.attributes['weft.node.id'] ?? 'the run'))
    expect(failed.sort()).toEqual(['chatOpenAICustom_0', 'llmChain_0', 'the run'])
    const model = spans.find((span) => span.attributes['weft.node.id'] === 'chatOpenAICustom_0')!
    // The model's own fetch already blanked the key out of the server's answer.
    expect(model.status?.message).toContain('Incorrect API key provided: ***')
    for (const text of attributeTexts(spans)) expect(text).not.toContain(MODEL_KEY)
  })

  it('answers as usual when a collector is refused, logs it once without secrets, and still sends to the others', async () => {
    // A collector on this machine that the administrator did not allow: the outbound guard refuses it.
    const blocked = await startTraceReceiver()
    const warn = vi.spyOn(t.app.log, 'warn')
    try {
      const refused = await credential('openTelemetryApi', {
        openTelemetryEndpoint: blocked.url,
        openTelemetryHeaders: `authorization=Bearer ${COLLECTOR_TOKEN}`,
      })
      const langfuse = await credential('langfuseApi', {
        langFusePublicKey: 'pk-lf-public',
        langFuseSecretKey: 'sk-lf-secret-123',
        langFuseEndpoint: receiver.url,
      })
      const flow = await tracedFlow({
        openTelemetry: { status: true, credentialId: refused },
        langFuse: { status: true, credentialId: langfuse },
      })
      for (const [index, question] of ['First', 'Second'].entries()) {
        mock.script({ text: `Answer to ${question}` })
        const res = await predict(flow.id, { question })
        expect(res.status).toBe(200)
        expect(((await res.json()) as { text: string }).text).toBe(`Answer to ${question}`)
        await vi.waitFor(() => expect(received('/api/public/otel/v1/traces')).toHaveLength(index + 1), {
          timeout: 10_000,
        })
      }
      const request = received('/api/public/otel/v1/traces')[0]!
      expect(request.headers.authorization).toBe(
        `Basic ${Buffer.from('pk-lf-public:sk-lf-secret-123').toString('base64')}`,
      )
      expect(spansOf(request)).toHaveLength(4)
      expect(request.text).not.toContain('sk-lf-secret-123')

      await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 10_000 })
      expect(blocked.requests).toEqual([])
      // Two failed exports, one line: the failure is told when it starts, not on every run.
      const lines = warn.mock.calls.map((call) => JSON.stringify(call))
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain('Tracing to OpenTelemetry failed')
      expect(lines[0]).toContain('WEFT_ALLOWED_PRIVATE_HOSTS')
      expect(lines[0]).not.toContain(COLLECTOR_TOKEN)
      expect(lines[0]).not.toContain(MODEL_KEY)
    } finally {
      warn.mockRestore()
      await blocked.close()
    }
  })

  it('posts the runs to LangSmith through its SDK, filed under the project', async () => {
    // The receiver stands in for the LangSmith API.
    const langsmith = await credential('langsmithApi', {
      langSmithApiKey: LANGSMITH_KEY,
      langSmithEndpoint: receiver.url,
    })
    const flow = await tracedFlow({ langSmith: { status: true, credentialId: langsmith, projectName: 'Shop bot' } })
    mock.script({ text: 'Traced in LangSmith', usage: { promptTokens: 9, completionTokens: 4 } })
    expect((await predict(flow.id, { question: 'Where are traces?' })).status).toBe(200)

    await vi.waitFor(() => expect(received('/runs/batch')).toHaveLength(1), { timeout: 10_000 })
    const request = received('/runs/batch')[0]!
    expect(request.headers['x-api-key']).toBe(LANGSMITH_KEY)
    type PostedRun = {
      id: string
      name: string
      run_type: string
      session_name: string
      parent_run_id?: string
      trace_id: string
      inputs: Record<string, unknown>
      outputs: Record<string, unknown>
    }
    const runs = (request.body as { post: PostedRun[] }).post
    expect(runs).toHaveLength(4)
    for (const run of runs) expect(run.session_name).toBe('Shop bot')
    const root = runs.find((run) => !run.parent_run_id)!
    expect(root).toMatchObject({ name: flow.name, run_type: 'chain', inputs: { question: 'Where are traces?' } })
    expect(root.outputs).toEqual({ text: 'Traced in LangSmith' })
    for (const run of runs) expect(run.trace_id).toBe(root.id)
    const llm = runs.find((run) => run.run_type === 'llm')!
    expect(llm.parent_run_id).toBe(root.id)
    expect(llm.outputs).toEqual({ usage_metadata: { input_tokens: 9, output_tokens: 4, total_tokens: 13 } })
    expect(request.text).not.toContain(MODEL_KEY)
  })
})
