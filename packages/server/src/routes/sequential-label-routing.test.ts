import type { Execution, RunEvent } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import {
  conditionAgentRouting,
  endLeftUnconnected,
  essayWithGrader,
  supervisorRouting,
} from '../test/fixtures/flowise-sequential/labelled-conditions.js'
import type { FlowiseChatflowExport } from '../test/fixtures/flowise-marketplace/chatflow-format.js'
import { createFlow, listen, readEvents } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// Sequential agent flows exported from Flowise, whose Condition's outputs are anchors named by
// their labels (`…-output-softwareEngineer-Condition`), saved into Weft and asked through the
// prediction API, their ChatOpenAI pointed at a local OpenAI-compatible server by its credential.
// The branch the condition chose runs and its answer reaches the caller; a run that ends without
// an answer says which step ended it, as JSON and as a stream.

interface ChatBody {
  messages: { role: string; content: unknown }[]
}

const systemOf = (request: { body?: unknown }) => (request.body as ChatBody).messages[0]?.content

describe.each(testDialects())('sequential conditions routing by label on $name', (dialect) => {
  let mock: MockOpenAIServer
  let t: TestApp
  let admin: Browser
  let credential: string

  beforeAll(async () => {
    mock = await startMockOpenAI()
  })
  afterAll(() => mock.close())
  beforeEach(async () => {
    mock.requests.length = 0
    mock.clearScript()
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host } })
    admin = await setUpAdmin(t.app)
    const saved = await admin.post('/api/v1/credentials', {
      name: 'Local OpenAI',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: 'sk-local', openAIApiBasePath: mock.baseURL },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(201)
    credential = saved.body.id as string
  })
  afterEach(() => t.close())

  /** Saves the exported flow as a user does after picking the OpenAI credential on its ChatOpenAI. */
  async function save(flow: FlowiseChatflowExport) {
    for (const node of flow.nodes) if (node.data.name === 'chatOpenAI') node.data.credential = credential
    return createFlow(admin, JSON.stringify(flow), { type: 'MULTIAGENT', name: 'Sequential' })
  }

  async function stream(flowId: string, question: string): Promise<RunEvent[]> {
    const base = await listen(t.app)
    const cookie = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const res = await fetch(`${base}/api/v1/internal-prediction/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ question, streaming: true }),
    })
    expect(res.status).toBe(200)
    return readEvents(res)
  }

  it('loops Writer → Grading → Grader → Writer while the condition says "Grading", then takes End', async () => {
    const flow = await save(essayWithGrader())
    mock.script({ text: 'Draft one.' }, { text: 'Add an example.' }, { text: 'Draft two, with an example.' })

    const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'An essay on rivers.' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.text).toBe('Draft two, with an example.')
    // The Grader ran on the Grading branch, and the Writer's second draft read its grade.
    expect(mock.requests.map(systemOf)).toEqual([
      'You write a short essay on the topic asked.',
      'You grade the essay and say what to improve.',
      'You write a short essay on the topic asked.',
    ])
    const redraft = (mock.requests[2]!.body as unknown as ChatBody).messages
    expect(redraft.map((message) => message.content)).toContain('Add an example.')
  })

  it.each([
    ['ENGINEER', 'Software Engineer', 'You write code.', 'Here is the code.'],
    ['REVIEWER', 'Code Reviewer', 'You review code.', 'The code looks right.'],
    ['DONE', 'End', undefined, 'All done: written and reviewed.'],
  ])('the supervisor answering %s takes the %s branch', async (said, _branch, worker, answer) => {
    const flow = await save(supervisorRouting())
    mock.script({ text: said }, { text: answer })

    const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'A login page, please.' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.text).toBe(answer)
    expect(mock.requests).toHaveLength(2)
    // The worker of that branch (or, on End, the Summary node with the default prompt) was asked.
    if (worker) expect(systemOf(mock.requests[1]!)).toBe(worker)
    else expect(JSON.stringify(mock.requests[1]!.body)).toContain('Sum up the conversation.')
  })

  it('streams the chosen branch: Software Engineer answers, the other workers never run', async () => {
    const flow = await save(supervisorRouting())
    mock.script({ text: 'ENGINEER' }, { text: 'Here is the code.' })

    const events = await stream(flow.id, 'A login page, please.')
    const of = (name: string) => events.filter((event) => event.event === name).map((event) => event.data)
    expect(of('error')).toEqual([])
    expect(of('token').join('')).toBe('Here is the code.')
    const executions = (await admin.get('/api/v1/executions')).body as { data: Execution[] }
    const steps = JSON.parse(executions.data[0]!.executionData) as { nodeId: string }[]
    expect(steps.map((step) => step.nodeId)).toEqual([
      'seqStart_0',
      'seqLLMNode_0',
      'seqCondition_0',
      'seqAgent_1',
      'seqEnd_1',
    ])
  })

  it.each([
    ['TECHNICAL', 'You fix technical problems.', 'Restart the router.'],
    ['GENERAL', 'You answer general questions.', 'We open at nine.'],
  ])('a Condition Agent answering %s takes the branch of its label', async (said, worker, answer) => {
    const flow = await save(conditionAgentRouting())
    mock.script({ text: said }, { text: answer })

    const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'My router blinks red.' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.text).toBe(answer)
    expect(mock.requests.map(systemOf)).toEqual([
      'Answer TECHNICAL for questions about the product not working, otherwise GENERAL.',
      worker,
    ])
  })

  const UNCONNECTED =
    "The flow ended at 'Condition' (seqCondition_0) without an answer: it chose 'End', and no step is connected to that output."

  it('answers 422 naming the Condition when the output it chose leads nowhere, never 200 with empty text', async () => {
    const flow = await save(endLeftUnconnected())
    mock.script({ text: 'A poem, not that.' })

    const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'Write something.' })
    expect(res.status, JSON.stringify(res.body)).toBe(422)
    expect(res.body.message).toBe(UNCONNECTED)
    const executions = (await admin.get('/api/v1/executions')).body as { data: Execution[] }
    expect(executions.data[0]).toMatchObject({ state: 'ERROR' })
  })

  it('streams an error event naming the Condition instead of an empty end', async () => {
    const flow = await save(endLeftUnconnected())
    mock.script({ text: 'A poem, not that.' })

    const events = await stream(flow.id, 'Write something.')
    expect(events.filter((event) => event.event === 'token')).toEqual([])
    expect(events.slice(-2)).toEqual([
      { event: 'error', data: UNCONNECTED, status: 422 },
      { event: 'end', data: '[DONE]' },
    ])
  })

  /** Prompt → LLM Chain ← ChatOpenAI Custom on the local server: a chatflow as the canvas builds it. */
  function chainFlow(): string {
    const flow = templateFlow()
    const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
    const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer: {question}' })
    const chain = flow.add('llmChain', 400, 0)
    flow.connect(model, chain, 'model')
    flow.connect(prompt, chain, 'prompt')
    return JSON.stringify(flow.build())
  }

  it('a chatflow whose model answers no text fails naming its ending node, as JSON and as a stream', async () => {
    const flow = await createFlow(admin, chainFlow(), { name: 'Chain' })
    mock.script({ text: '' })
    const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'Hello?' })
    expect(res.status, JSON.stringify(res.body)).toBe(502)
    const message = "The flow ended at 'LLM Chain' (llmChain_0) without an answer: its model answered with no text."
    expect(res.body.message).toBe(message)

    mock.script({ text: '' })
    const events = await stream(flow.id, 'Hello?')
    expect(events.slice(-2)).toEqual([
      { event: 'error', data: message, status: 502 },
      { event: 'end', data: '[DONE]' },
    ])
  })
})
