import { flowWithOurSpellings, type ExecutedStep, type Execution, type FlowData } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { testDialects } from '../test/dialects.js'
import { CREDENTIAL_ID, MODEL_BASE_URL } from '../test/fixtures/flowise-agentflows/export-format.js'
import { richTextSupervisor } from '../test/fixtures/flowise-agentflows/rich-text.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// An agentflow saved by Flowise 3's rich-text editor (our own fixture in its format: HTML inputs and
// mention spans in an LLM's prompt, a Condition and an Iteration), imported and asked through the
// prediction API, its models pointed at the local OpenAI stand-in. The models receive plain text,
// the Condition matches `<p>SOFTWARE</p>` against the state the supervisor wrote, and the Iteration
// reads its `<p>[…]</p>` array.

type Message = { role: string; content: unknown }

describe.each(testDialects())('Flowise rich-text inputs on $name', (dialect) => {
  let mock: MockOpenAIServer
  let t: TestApp
  let admin: Browser
  let flowId: string

  beforeEach(async () => {
    mock = await startMockOpenAI()
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host } })
    admin = await setUpAdmin(t.app)
    const credential = await admin.post('/api/v1/credentials', {
      name: 'OpenAI (local)',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: 'sk-local' },
    })
    expect(credential.status).toBe(201)
    const file = JSON.stringify(richTextSupervisor())
      .replaceAll(CREDENTIAL_ID, credential.body.id as string)
      .replaceAll(MODEL_BASE_URL, mock.baseURL)
    const loaded = flowWithOurSpellings(JSON.parse(file) as FlowData)
    const saved = await admin.post('/api/v1/chatflows', {
      name: 'Supervisor (rich text)',
      type: 'AGENTFLOW',
      flowData: JSON.stringify({ nodes: loaded.nodes, edges: loaded.edges, viewport: loaded.viewport }),
    })
    expect(saved.status).toBe(201)
    flowId = saved.body.id as string
  })
  afterEach(async () => {
    t.app.server.closeAllConnections()
    await t.close()
    await mock.close()
  })

  async function ask(question: string) {
    const res = await admin.post(`/api/v1/prediction/${flowId}`, { question })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body as { text: string; executionId: string }
  }

  const prompts = () => mock.requests.map((request) => request.body?.messages as Message[])

  it('asks the supervisor in plain text, takes the SOFTWARE branch and iterates over the paragraph’s array', async () => {
    mock.script({ text: 'SOFTWARE' }, { text: 'abc' }, { text: 'def' })
    const answer = await ask('Write a parser')

    expect(answer.text).toBe('Engineer done: ["abc","def"]')
    const [supervisor, first, second] = prompts()
    expect(supervisor).toEqual([
      {
        role: 'system',
        content:
          'You are a supervisor tasked with managing a conversation between the following workers:\n\n' +
          '- Software Engineer\n- Code Reviewer\n\nSelect one of: **SOFTWARE**, **REVIEWER** & nothing else.',
      },
      { role: 'user', content: 'Request: Write a parser\n\nLast choice: none' },
    ])
    expect([first?.at(-1), second?.at(-1)]).toEqual([
      { role: 'user', content: 'Reply only:\n\nabc' },
      { role: 'user', content: 'Reply only:\n\ndef' },
    ])
    expect(JSON.stringify(prompts())).not.toMatch(/<\/?(p|span|ul|li|strong)\b|&amp;|data-type/)

    const execution = await admin.get(`/api/v1/executions/${answer.executionId}`)
    const steps = JSON.parse((execution.body as Execution).executionData) as ExecutedStep[]
    const route = steps.find((step) => step.nodeId === 'conditionAgentflow_0')!
    expect(route.data.state).toMatchObject({ next: 'SOFTWARE' })
  })

  it('takes the REVIEWER branch when the supervisor says so, and Else for anything else', async () => {
    mock.script({ text: 'REVIEWER' }, { text: 'FINISH' })
    expect((await ask('Check my code')).text).toBe('The reviewer takes "Check my code"')
    expect((await ask('Thanks')).text).toBe('Nobody takes it.')
  })
})
