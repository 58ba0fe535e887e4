import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  flowWithOurSpellings,
  type ExecutedStep,
  type Execution,
  type Flow,
  type FlowData,
  type RunEvent,
} from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { testDialects } from '../test/dialects.js'
import {
  CALLED_FLOW_ID,
  CREDENTIAL_ID,
  HTTP_ORIGIN,
  MODEL_BASE_URL,
  type FlowiseAgentflowExport,
} from '../test/fixtures/flowise-agentflows/export-format.js'
import {
  conditionToLlmOrReply,
  iterationOverFunctionList,
  stateRouting,
} from '../test/fixtures/flowise-agentflows/multi-steps.js'
import * as single from '../test/fixtures/flowise-agentflows/single-steps.js'
import { listen, readEvents } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// Agentflow V2 exports from Flowise 3.x (our own fixtures in that format), imported the way the web
// does it (Load flow: read the file, turn Flowise's spellings into ours, save it as an agentflow),
// with the credential and addresses picked again as an importer would, then run unchanged: models
// against the mock OpenAI-compatible server their `basepath` names, requests to a local web API.

const FAKE_KEY = 'sk-fake-import-4711'

/** A local web API the HTTP fixture calls: it answers an order with the order and remembers the request. */
interface OrdersApi {
  origin: string
  requests: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[]
  close: () => Promise<void>
}

async function startOrdersApi(): Promise<OrdersApi> {
  const requests: OrdersApi['requests'] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      res.writeHead(201, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id: 'order-7', ...(JSON.parse(body || '{}') as object) }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe.each(testDialects())('agentflows exported from Flowise, imported and run on $name', (dialect) => {
  let mock: MockOpenAIServer
  let orders: OrdersApi
  let t: TestApp
  let admin: Browser
  let credentialId: string

  beforeAll(async () => {
    orders = await startOrdersApi()
  })
  afterAll(() => orders.close())
  beforeEach(async () => {
    mock = await startMockOpenAI()
    orders.requests.length = 0
    const allowed = [new URL(mock.url).host, new URL(orders.origin).host].join(',')
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: allowed } })
    admin = await setUpAdmin(t.app)
    const key = await admin.post('/api/v1/credentials', {
      name: 'OpenAI (local)',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: FAKE_KEY },
    })
    expect(key.status).toBe(201)
    credentialId = key.body.id
  })
  afterEach(async () => {
    t.app.server.closeAllConnections()
    await t.close()
    await mock.close()
  })

  /**
   * The exported file with the importer's picks filled in, loaded as the web's "Load flow" does
   * (Flowise's spellings turned into ours) and saved as a new agentflow by the same call as its Save.
   */
  async function importFlow(file: FlowiseAgentflowExport, name: string, calledFlowId = ''): Promise<Flow> {
    const loaded = flowWithOurSpellings(JSON.parse(filledIn(file, calledFlowId)) as FlowData)
    return saveAgentflow(name, JSON.stringify({ nodes: loaded.nodes, edges: loaded.edges, viewport: loaded.viewport }))
  }

  function filledIn(file: FlowiseAgentflowExport, calledFlowId = ''): string {
    return JSON.stringify(file)
      .replaceAll(CREDENTIAL_ID, credentialId)
      .replaceAll(MODEL_BASE_URL, mock.baseURL)
      .replaceAll(HTTP_ORIGIN, orders.origin)
      .replaceAll(CALLED_FLOW_ID, calledFlowId)
  }

  async function saveAgentflow(name: string, flowData: string): Promise<Flow> {
    const res = await admin.post('/api/v1/chatflows', { name, type: 'AGENTFLOW', flowData })
    expect(res.status).toBe(201)
    return res.body as Flow
  }

  const run = (flow: Flow, body: Record<string, unknown>) => admin.post(`/api/v1/internal-prediction/${flow.id}`, body)

  /** Runs the question and answers the reply, which must have succeeded. */
  async function ask(flow: Flow, question: string, extra: Record<string, unknown> = {}) {
    const res = await run(flow, { question, ...extra })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.executionId).toEqual(expect.any(String))
    return res.body as { text: string; executionId: string; chatId: string; action?: { data: Record<string, unknown> } }
  }

  async function executionOf(id: string): Promise<{ execution: Execution; steps: ExecutedStep[] }> {
    const res = await admin.get(`/api/v1/executions/${id}`)
    expect(res.status).toBe(200)
    const execution = res.body as Execution
    return { execution, steps: JSON.parse(execution.executionData) as ExecutedStep[] }
  }

  /** The execution finished, every step of it too, each with its input and output; answers the steps. */
  async function finishedSteps(executionId: string): Promise<ExecutedStep[]> {
    const { execution, steps } = await executionOf(executionId)
    expect(execution.state).toBe('FINISHED')
    for (const step of steps) {
      expect({ step: step.nodeId, status: step.status }).toEqual({ step: step.nodeId, status: 'FINISHED' })
      expect(step.data.input, step.nodeId).toEqual(expect.any(Object))
      expect(step.data.output, step.nodeId).toHaveProperty('content')
    }
    return steps
  }

  const nodeIds = (steps: ExecutedStep[]) => steps.map((step) => step.nodeId)

  /** The messages each model call sent, in order; every call went to the mock with the picked key. */
  function prompts(): { role: string; content: unknown }[][] {
    for (const request of mock.requests) {
      expect(request.path).toBe('/v1/chat/completions')
      expect(request.headers.authorization).toBe(`Bearer ${FAKE_KEY}`)
      expect(request.body?.model).toBe('gpt-4o-mini')
    }
    return mock.requests.map((request) => request.body?.messages as { role: string; content: unknown }[])
  }

  describe('one step type each', () => {
    it('Start → Direct Reply', async () => {
      const flow = await importFlow(single.startDirectReply(), 'Echo')
      const answer = await ask(flow, 'Hello there')
      expect(answer.text).toBe('You said: Hello there')
      const steps = await finishedSteps(answer.executionId)
      expect(nodeIds(steps)).toEqual(['startAgentflow_0', 'directReplyAgentflow_0'])
      expect(steps[1]!.data.output.content).toBe('You said: Hello there')
      expect(mock.requests).toEqual([])
    })

    it('LLM on ChatOpenAI pointed at a local server by basepath', async () => {
      const flow = await importFlow(single.llmStep(), 'Geography')
      mock.script({ text: 'Paris is the capital of France.' })
      const answer = await ask(flow, 'What is the capital of France?')
      expect(answer.text).toBe('Paris is the capital of France.')
      expect(prompts()).toEqual([
        [
          { role: 'system', content: 'You answer geography questions in one sentence.' },
          { role: 'user', content: 'What is the capital of France?' },
        ],
      ])
      const steps = await finishedSteps(answer.executionId)
      expect(nodeIds(steps)).toEqual(['startAgentflow_0', 'llmAgentflow_0'])
      expect(steps[1]!.data.output.content).toBe('Paris is the capital of France.')
    })

    it('Agent with the Calculator tool', async () => {
      const flow = await importFlow(single.agentWithCalculator(), 'Sums')
      mock.script(
        { toolCalls: [{ id: 'call_1', name: 'calculator', arguments: { expression: '17 * 23' } }] },
        { text: '17 times 23 is 391.' },
      )
      const answer = await ask(flow, 'What is 17 times 23?')
      expect(answer.text).toBe('17 times 23 is 391.')
      const [first, second] = prompts()
      expect(first).toEqual([
        { role: 'system', content: 'Use the calculator for every sum.' },
        { role: 'user', content: 'What is 17 times 23?' },
      ])
      expect(second).toContainEqual(expect.objectContaining({ role: 'tool', content: '391' }))
      expect(
        (mock.requests[0]!.body?.tools as { function: { name: string } }[]).map((tool) => tool.function.name),
      ).toEqual(['calculator'])
      const steps = await finishedSteps(answer.executionId)
      expect(nodeIds(steps)).toEqual(['startAgentflow_0', 'agentAgentflow_0'])
      expect(steps[1]!.data.output.usedTools).toEqual([
        expect.objectContaining({ tool: 'calculator', toolOutput: '391' }),
      ])
    })

    it('Condition on the question, both ways', async () => {
      const flow = await importFlow(single.conditionStep(), 'Refunds')
      const refund = await ask(flow, 'I want a refund')
      expect(refund.text).toBe('Refunds take five working days.')
      expect(nodeIds(await finishedSteps(refund.executionId))).toEqual([
        'startAgentflow_0',
        'conditionAgentflow_0',
        'directReplyAgentflow_0',
      ])
      const other = await ask(flow, 'Where is my parcel?')
      expect(other.text).toBe('How else can I help?')
      expect(nodeIds(await finishedSteps(other.executionId))).toEqual([
        'startAgentflow_0',
        'conditionAgentflow_0',
        'directReplyAgentflow_1',
      ])
      expect(mock.requests).toEqual([])
    })

    it('Condition Agent choosing a scenario with the model', async () => {
      const flow = await importFlow(single.conditionAgentStep(), 'Triage')
      mock.script({ text: '{"output": "Billing"}' })
      const answer = await ask(flow, 'Why was I charged twice?')
      expect(answer.text).toBe('Passing you to billing.')
      const [messages] = prompts()
      expect(messages).toHaveLength(2)
      expect(messages![0]!.role).toBe('system')
      expect(messages![0]!.content).toContain('Decide what the customer writes about.')
      expect(messages![0]!.content).toContain('- Billing\n- Anything else')
      expect(messages![1]).toEqual({ role: 'user', content: 'Why was I charged twice?' })
      const steps = await finishedSteps(answer.executionId)
      expect(nodeIds(steps)).toEqual(['startAgentflow_0', 'conditionAgentAgentflow_0', 'directReplyAgentflow_0'])
    })

    it('Loop back to an LLM until the Condition after it holds', async () => {
      const flow = await importFlow(single.loopStep(), 'Slogans')
      mock.script({ text: 'Flows, daily.' }, { text: 'FINAL: Flows that just work.' })
      const answer = await ask(flow, 'A slogan for Weft')
      expect(answer.text).toBe('FINAL: Flows that just work.')
      expect(prompts()).toHaveLength(2)
      const steps = await finishedSteps(answer.executionId)
      expect(nodeIds(steps)).toEqual([
        'startAgentflow_0',
        'llmAgentflow_0',
        'conditionAgentflow_0',
        'loopAgentflow_0',
        'llmAgentflow_0',
        'conditionAgentflow_0',
        'directReplyAgentflow_0',
      ])
    })

    it('Iteration over a list, with a step inside it', async () => {
      const flow = await importFlow(single.iterationStep(), 'Orders')
      const answer = await ask(flow, 'Order for the table')
      expect(answer.text).toBe('Orders: ["One tea, please.","One coffee, please."]')
      const steps = await finishedSteps(answer.executionId)
      expect(nodeIds(steps)).toEqual([
        'startAgentflow_0',
        'iterationAgentflow_0',
        'directReplyAgentflow_0',
        'directReplyAgentflow_0',
        'directReplyAgentflow_1',
      ])
      expect(
        steps.filter((step) => step.parentNodeId === 'iterationAgentflow_0').map((step) => step.iterationIndex),
      ).toEqual([0, 1])
    })

    it('Custom Function reading an input variable and the flow state', async () => {
      const flow = await importFlow(single.customFunctionStep(), 'Greeter')
      const answer = await ask(flow, 'Ada')
      expect(answer.text).toBe('Hello Ada, this is visit 4.')
      const steps = await finishedSteps(answer.executionId)
      expect(nodeIds(steps)).toEqual(['startAgentflow_0', 'customFunctionAgentflow_0'])
      expect(steps[0]!.data.state).toEqual({ visits: '3' })
    })

    it('HTTP request to a web API the administrator allows', async () => {
      const flow = await importFlow(single.httpStep(), 'Order tea')
      const answer = await ask(flow, 'green tea')
      expect(JSON.parse(answer.text)).toEqual({ id: 'order-7', item: 'green tea', quantity: 2 })
      expect(orders.requests).toHaveLength(1)
      const [request] = orders.requests
      expect(request).toMatchObject({ method: 'POST', url: '/orders?source=agentflow' })
      expect(request!.headers['x-shop']).toBe('weft-test')
      expect(request!.headers['content-type']).toContain('application/json')
      expect(JSON.parse(request!.body)).toEqual({ item: 'green tea', quantity: 2 })
      const steps = await finishedSteps(answer.executionId)
      expect(nodeIds(steps)).toEqual(['startAgentflow_0', 'httpAgentflow_0'])
    })

    it('Execute Flow running another imported flow', async () => {
      const called = await importFlow(single.startDirectReply(), 'Echo')
      const flow = await importFlow(single.executeFlowStep(), 'Forwarder', called.id)
      const answer = await ask(flow, 'Hi')
      expect(answer.text).toBe('You said: Forwarded: Hi')
      const steps = await finishedSteps(answer.executionId)
      expect(nodeIds(steps)).toEqual(['startAgentflow_0', 'executeFlowAgentflow_0'])
      const nestedId = steps[1]!.data.output.executionId as string
      expect(nestedId).toEqual(expect.any(String))
      expect(nodeIds(await finishedSteps(nestedId))).toEqual(['startAgentflow_0', 'directReplyAgentflow_0'])
      expect((await executionOf(nestedId)).execution.agentflowId).toBe(called.id)
    })

    it('Human Input pauses, then proceeds or rejects with feedback', async () => {
      const flow = await importFlow(single.humanInputStep(), 'Approval')
      const paused = await ask(flow, 'Hello Bo', { chatId: 'chat-proceed' })
      expect(paused.text).toBe('Send "Hello Bo" to the customer?')
      expect(paused.action?.data).toMatchObject({ nodeId: 'humanInputAgentflow_0' })
      expect((await executionOf(paused.executionId)).execution.state).toBe('INPROGRESS')

      const proceeded = await ask(flow, '', {
        chatId: 'chat-proceed',
        humanInput: { type: 'proceed', startNodeId: 'humanInputAgentflow_0' },
      })
      expect(proceeded.text).toBe('Sent.')
      expect(proceeded.executionId).toBe(paused.executionId)
      const steps = await finishedSteps(proceeded.executionId)
      expect(nodeIds(steps).at(-1)).toBe('directReplyAgentflow_0')
      expect(nodeIds(steps)).not.toContain('directReplyAgentflow_1')

      await ask(flow, 'Hello Al', { chatId: 'chat-reject' })
      const rejected = await ask(flow, '', {
        chatId: 'chat-reject',
        humanInput: { type: 'reject', startNodeId: 'humanInputAgentflow_0', feedback: 'too curt' },
      })
      expect(rejected.text).toBe('Not sent: too curt')
      expect(nodeIds(await finishedSteps(rejected.executionId)).at(-1)).toBe('directReplyAgentflow_1')
    })

    it('Tool step calling the Calculator', async () => {
      const flow = await importFlow(single.toolStep(), 'Calculator')
      const answer = await ask(flow, '12 * (3 + 4)')
      expect(answer.text).toBe('84')
      const steps = await finishedSteps(answer.executionId)
      expect(nodeIds(steps)).toEqual(['startAgentflow_0', 'toolAgentflow_0'])
      expect(steps[1]!.data.output.usedTools).toEqual([
        { tool: 'calculator', toolInput: { input: '12 * (3 + 4)' }, toolOutput: '84' },
      ])
      expect(mock.requests).toEqual([])
    })

    it('a Sticky Note is kept on the canvas and takes no part in the run', async () => {
      const flow = await importFlow(single.stickyNote(), 'Noted')
      const saved = await admin.get(`/api/v1/chatflows/${flow.id}`)
      expect(saved.body.flowData).toContain('stickyNoteAgentflow_0')
      const answer = await ask(flow, 'Anything')
      expect(answer.text).toBe('Noted.')
      expect(nodeIds(await finishedSteps(answer.executionId))).toEqual(['startAgentflow_0', 'directReplyAgentflow_0'])
    })

    it('Retriever imports, and its run names the document store this workspace does not have', async () => {
      const flow = await importFlow(single.retrieverStep(), 'Handbook')
      const res = await run(flow, { question: 'How many holidays?' })
      // The flow's owner fixes it (picks a store of this workspace): a configuration fault, not ours.
      expect(res.status).toBe(422)
      expect(res.body.message).toMatch(/^Retriever: Document store \S+ not found/)
      const list = await admin.get(`/api/v1/executions?agentflowId=${flow.id}`)
      const [execution] = list.body.data as Execution[]
      expect(execution!.state).toBe('ERROR')
      const steps = JSON.parse(execution!.executionData) as ExecutedStep[]
      expect(steps.map((step) => [step.nodeId, step.status])).toEqual([
        ['startAgentflow_0', 'FINISHED'],
        ['retrieverAgentflow_0', 'ERROR'],
      ])
    })
  })

  describe('several steps', () => {
    it('Condition → LLM, or a Direct Reply without calling the model', async () => {
      const flow = await importFlow(conditionToLlmOrReply(), 'Weather')
      mock.script({ text: 'Sunny in Oslo, 21 degrees.' })
      const weather = await ask(flow, 'How is the weather in Oslo?')
      expect(weather.text).toBe('Sunny in Oslo, 21 degrees.')
      expect(prompts()).toEqual([
        [
          { role: 'system', content: 'You are a weather presenter.' },
          { role: 'user', content: 'How is the weather in Oslo?' },
        ],
      ])
      expect(nodeIds(await finishedSteps(weather.executionId))).toEqual([
        'startAgentflow_0',
        'conditionAgentflow_0',
        'llmAgentflow_0',
      ])

      const joke = await ask(flow, 'Tell me a joke')
      expect(joke.text).toBe('I only talk about the weather.')
      expect(mock.requests).toHaveLength(1)
      expect(nodeIds(await finishedSteps(joke.executionId))).toEqual([
        'startAgentflow_0',
        'conditionAgentflow_0',
        'directReplyAgentflow_0',
      ])
    })

    it('LLM → Update Flow State → Condition on $flow.state → one of two LLMs', async () => {
      const flow = await importFlow(stateRouting(), 'Moods')
      mock.script({ text: 'happy' }, { text: 'Wonderful, keep it up!' })
      const answer = await ask(flow, 'I passed my exam!')
      expect(answer.text).toBe('Wonderful, keep it up!')
      const [judge, cheer] = prompts()
      expect(judge![0]).toEqual({
        role: 'system',
        content: 'Answer with one word, happy or sad: how does the user feel?',
      })
      expect(cheer![0]).toEqual({ role: 'system', content: 'The user is happy. Cheer along.' })
      const steps = await finishedSteps(answer.executionId)
      expect(nodeIds(steps)).toEqual(['startAgentflow_0', 'llmAgentflow_0', 'conditionAgentflow_0', 'llmAgentflow_1'])
      expect(steps[1]!.data.state).toEqual({ mood: 'happy' })
    })

    it('the same flow streams its steps and answer as agentflow events', async () => {
      const flow = await importFlow(stateRouting(), 'Moods')
      const base = await listen(t.app)
      const cookie = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ')
      mock.script({ text: 'sad' }, { text: 'I am sorry, that sounds hard.' })
      const res = await fetch(`${base}/api/v1/internal-prediction/${flow.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ question: 'I lost my keys.', streaming: true }),
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/event-stream')
      const events: RunEvent[] = await readEvents(res)
      const of = (name: string) => events.filter((event) => event.event === name).map((event) => event.data)

      expect(events[0]!.event).toBe('start')
      expect(events.at(-1)!.event).toBe('end')
      expect(of('error')).toEqual([])
      expect(of('agentFlowEvent')).toEqual(['INPROGRESS', 'FINISHED'])
      const finished = (of('nextAgentFlow') as { nodeId: string; status: string }[]).filter(
        (step) => step.status === 'FINISHED',
      )
      expect(finished.map((step) => step.nodeId)).toEqual([
        'startAgentflow_0',
        'llmAgentflow_0',
        'conditionAgentflow_0',
        'llmAgentflow_2',
      ])
      expect((of('token') as string[]).join('')).toBe('I am sorry, that sounds hard.')
      const executed = of('agentFlowExecutedData').at(-1) as ExecutedStep[]
      expect(nodeIds(executed)).toEqual([
        'startAgentflow_0',
        'llmAgentflow_0',
        'conditionAgentflow_0',
        'llmAgentflow_2',
      ])
      const [metadata] = of('metadata') as { executionId: string }[]
      expect(metadata!.executionId).toEqual(expect.any(String))
      expect(prompts()[1]![0]).toEqual({ role: 'system', content: 'The user is sad. Comfort them.' })
      await finishedSteps(metadata!.executionId)
    })

    it('Iteration over the list a Custom Function made, with an LLM inside', async () => {
      const flow = await importFlow(iterationOverFunctionList(), 'Cities')
      mock.script(
        { text: 'Light, love, cafés.' },
        { text: 'Ancient, sunny, lively.' },
        { text: 'Paris glows while Rome endures.' },
      )
      const answer = await ask(flow, 'Describe my trip')
      expect(answer.text).toBe('Paris glows while Rome endures.')
      const [paris, rome, join] = prompts()
      expect(paris).toEqual([{ role: 'user', content: 'Describe Paris in three words.' }])
      expect(rome).toEqual([{ role: 'user', content: 'Describe Rome in three words.' }])
      expect(join![0]!.content).toBe(
        'Join these descriptions into one sentence: ["Light, love, cafés.","Ancient, sunny, lively."]',
      )
      const steps = await finishedSteps(answer.executionId)
      expect(nodeIds(steps)).toEqual([
        'startAgentflow_0',
        'customFunctionAgentflow_0',
        'iterationAgentflow_0',
        'llmAgentflow_0',
        'llmAgentflow_0',
        'llmAgentflow_1',
      ])
    })
  })

  describe('the file as Flowise wrote it', () => {
    it('runs unchanged when posted to the API without the canvas', async () => {
      // A script that posts the file to /chatflows skips the canvas: the run reads `basepath`,
      // `conditionAgentScenarios` and the HTTP step's `body` itself.
      const triage = await saveAgentflow('Triage', filledIn(single.conditionAgentStep()))
      expect((await admin.get(`/api/v1/chatflows/${triage.id}`)).body.flowData).toContain('"conditionAgentScenarios"')
      mock.script({ text: '{"output": "Anything else"}' })
      const answer = await ask(triage, 'My parcel is late')
      expect(answer.text).toBe('Passing you to support.')
      expect(prompts()).toHaveLength(1)
      await finishedSteps(answer.executionId)

      const order = await saveAgentflow('Order tea', filledIn(single.httpStep()))
      expect(JSON.parse((await ask(order, 'mint tea')).text)).toEqual({ id: 'order-7', item: 'mint tea', quantity: 2 })
      expect(JSON.parse(orders.requests[0]!.body)).toEqual({ item: 'mint tea', quantity: 2 })
    })
  })
})
