import type { Execution, RunEvent } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, listen, readEvents } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// A multi-agent flow (Flowise's V1 Supervisor and Workers, type MULTIAGENT) saved as the canvas
// builds it, run through the prediction API against a scripted model server on 127.0.0.1.

interface Team {
  workers?: boolean
  connected?: boolean
  recursionLimit?: number
}

/** Supervisor (with the model) leading Maths (with the calculator) and Writer. */
function teamFlow(
  mock: MockOpenAIServer,
  { workers = true, connected = true, recursionLimit = 100 }: Team = {},
): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
  const calculator = flow.add('calculator', 0, 400)
  const supervisor = flow.add('supervisor', 400, 0, { supervisorName: 'Lead', recursionLimit })
  flow.connect(model, supervisor, 'model')
  if (workers) {
    const maths = flow.add('worker', 800, 0, {
      workerName: 'Maths',
      workerPrompt: 'You work out sums with the calculator.',
    })
    const writer = flow.add('worker', 800, 400, { workerName: 'Writer', workerPrompt: 'You write short poems.' })
    flow.connect(calculator, maths, 'tools')
    if (connected) flow.connect(supervisor, maths, 'supervisor')
    flow.connect(supervisor, writer, 'supervisor')
  }
  return JSON.stringify(flow.build())
}

const route = (next: string) => ({ toolCalls: [{ name: 'route', arguments: { next } }] })

interface ChatBody {
  messages: { role: string; content: unknown }[]
  tools?: { function: { name: string; parameters: { properties: Record<string, { enum?: string[] }> } } }[]
}

describe.each(testDialects())('multi-agent flows on $name', (dialect) => {
  let mock: MockOpenAIServer
  let t: TestApp
  let admin: Browser

  beforeAll(async () => {
    mock = await startMockOpenAI()
  })
  afterAll(() => mock.close())
  beforeEach(async () => {
    mock.requests.length = 0
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  it('routes the question through the supervisor to a worker and its tool, then finishes, and records each turn', async () => {
    const flow = await createFlow(admin, teamFlow(mock), { type: 'MULTIAGENT', name: 'Team' })
    mock.script(
      route('Maths'),
      { toolCalls: [{ name: 'calculator', arguments: { expression: '6 * 7' } }] },
      { text: 'It is 42.' },
      route('FINISH'),
    )

    const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'What is 6 times 7?' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      text: 'It is 42.',
      usedTools: [{ tool: 'calculator', toolInput: { expression: '6 * 7' }, toolOutput: '42' }],
    })

    const bodies = mock.requests.map((request) => request.body as unknown as ChatBody)
    expect(bodies).toHaveLength(4)
    const [routing, working, answered, finishing] = bodies
    // The supervisor is offered its workers (and FINISH) as the routes of one tool.
    expect(routing!.tools!.map((tool) => tool.function.name)).toEqual(['route'])
    expect(routing!.tools![0]!.function.parameters.properties.next!.enum).toEqual(['Maths', 'Writer', 'FINISH'])
    expect(routing!.messages[0]!.content).toContain('Maths, Writer')
    expect(routing!.messages.at(-1)).toEqual({ role: 'user', content: 'What is 6 times 7?' })
    // The worker gets its own prompt, the conversation and its tools.
    expect(working!.messages[0]).toEqual({ role: 'system', content: 'You work out sums with the calculator.' })
    expect(working!.messages).toContainEqual({ role: 'user', content: 'What is 6 times 7?' })
    expect(working!.tools!.map((tool) => tool.function.name)).toEqual(['calculator'])
    expect(answered!.tools!.map((tool) => tool.function.name)).toEqual(['calculator'])
    // Back at the supervisor, the worker's report is part of the conversation.
    expect(finishing!.messages.at(-1)).toEqual({ role: 'user', content: 'It is 42.' })

    const executions = (await admin.get('/api/v1/executions')).body as { data: Execution[] }
    expect(executions.data).toHaveLength(1)
    expect(executions.data[0]).toMatchObject({ agentflowId: flow.id, state: 'FINISHED' })
    const steps = JSON.parse(executions.data[0]!.executionData) as {
      nodeId: string
      status: string
      data: { output: { next?: string; content?: string } }
    }[]
    expect(steps.map((step) => [step.nodeId, step.status, step.data.output.next ?? null])).toEqual([
      ['supervisor_0', 'FINISHED', 'Maths'],
      ['worker_0', 'FINISHED', null],
      ['supervisor_0', 'FINISHED', 'FINISH'],
    ])
    expect(steps[2]!.data.output.content).toBe('It is 42.')
  })

  it('streams the final answer once, with the tools the worker used', async () => {
    const flow = await createFlow(admin, teamFlow(mock), { type: 'MULTIAGENT', name: 'Team' })
    mock.script(
      route('Maths'),
      { toolCalls: [{ name: 'calculator', arguments: { expression: '6 * 7' } }] },
      { text: 'It is 42.' },
      route('FINISH'),
    )
    const base = await listen(t.app)
    const cookie = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const res = await fetch(`${base}/api/v1/internal-prediction/${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ question: 'What is 6 times 7?', streaming: true }),
    })
    const events: RunEvent[] = await readEvents(res)
    const of = (name: string) => events.filter((event) => event.event === name).map((event) => event.data)
    expect(of('error')).toEqual([])
    expect(of('token').join('')).toBe('It is 42.')
    expect(of('usedTools').flat()).toContainEqual({
      tool: 'calculator',
      toolInput: { expression: '6 * 7' },
      toolOutput: '42',
    })
    expect(of('agentFlowEvent')).toEqual(['INPROGRESS', 'FINISHED'])
  })

  it('fails the run naming the Recursion Limit when the supervisor never finishes', async () => {
    const flow = await createFlow(admin, teamFlow(mock, { recursionLimit: 1 }), {
      type: 'MULTIAGENT',
      name: 'Team',
    })
    mock.script(route('Writer'), { text: 'Roses are red.' }, route('Writer'))
    const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'A poem, please.' })
    expect(res.status).toBe(500)
    expect(res.body.message).toMatch(
      /^Supervisor: it reached its Recursion Limit: it handed over 1 times without choosing FINISH/,
    )
    const executions = (await admin.get('/api/v1/executions')).body as { data: Execution[] }
    expect(executions.data[0]).toMatchObject({ state: 'ERROR' })
  })

  it('answers 422 naming the problem when the supervisor has no workers or a worker has no supervisor', async () => {
    const lonely = await createFlow(admin, teamFlow(mock, { workers: false }), { type: 'MULTIAGENT', name: 'Alone' })
    const alone = await admin.post(`/api/v1/internal-prediction/${lonely.id}`, { question: 'Hello?' })
    expect(alone.status).toBe(422)
    expect(alone.body.message).toBe(
      'This flow cannot run: Supervisor "Lead" has no workers: connect at least one Worker\'s Supervisor input to it',
    )

    const stray = await createFlow(admin, teamFlow(mock, { connected: false }), { type: 'MULTIAGENT', name: 'Stray' })
    const astray = await admin.post(`/api/v1/internal-prediction/${stray.id}`, { question: 'Hello?' })
    expect(astray.status).toBe(422)
    expect(astray.body.message).toBe(
      'This flow cannot run: Worker "Maths" is not connected to a supervisor: connect its Supervisor input to the Supervisor',
    )
    expect(mock.requests).toHaveLength(0)
  })
})
