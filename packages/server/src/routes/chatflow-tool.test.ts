import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, switchWorkspace } from '../test/workspace-members.js'

// A chatflow's Tool Agent (its model a stand-in OpenAI server on 127.0.0.1) asks another chatflow
// through a Chatflow Tool: the called flow runs in the server, found only in the caller's workspace.

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())

describe.each(testDialects())('Chatflow Tool on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    mock.requests.length = 0
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  const ask = (flowId: string, question: string) => admin.post(`/api/v1/internal-prediction/${flowId}`, { question })

  /** Prompt Template → LLM Chain on the Built-in Responder: it answers "repeat after me: X" with X. */
  async function echoFlow(name: string): Promise<string> {
    const flow = templateFlow()
    const model = flow.add('chatOffline', 0, 0)
    const prompt = flow.add('promptTemplate', 0, 300, { template: 'repeat after me: {question} from ' + name })
    const chain = flow.add('llmChain', 400, 100)
    flow.connect(model, chain, 'model')
    flow.connect(prompt, chain, 'prompt')
    return (await createFlow(admin, JSON.stringify(flow.build()), { name })).id
  }

  async function askingFlow(selectedChatflow: string): Promise<string> {
    const flow = templateFlow()
    const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
    const tool = flow.add('ChatflowTool', 0, 400, {
      selectedChatflow,
      name: 'policy',
      description: 'Answers questions about the return policy',
    })
    const agent = flow.add('toolAgent', 400, 200)
    flow.connect(model, agent, 'model')
    flow.connect(tool, agent, 'tools')
    return (await createFlow(admin, JSON.stringify(flow.build()), { name: 'Asker' })).id
  }

  it("runs the picked chatflow of the workspace with the agent's question", async () => {
    const called = await echoFlow('the policy flow')
    const asker = await askingFlow(called)
    mock.script(
      { toolCalls: [{ name: 'policy', arguments: { input: 'Returns take 30 days' } }] },
      { text: 'Within 30 days.' },
    )
    const answer = await ask(asker, 'How long do I have to return shoes?')

    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.text).toBe('Within 30 days.')
    expect(answer.body.usedTools).toEqual([
      {
        tool: 'policy',
        toolInput: { input: 'Returns take 30 days' },
        toolOutput: 'Returns take 30 days from the policy flow',
      },
    ])
  })

  it('cannot run a flow of another workspace: it is not found', async () => {
    const home = (await admin.get('/api/v1/user')).body.activeWorkspaceId as string
    await switchWorkspace(admin, await addWorkspace(t, admin))
    const theirs = await echoFlow('their flow')
    await switchWorkspace(admin, home)

    const asker = await askingFlow(theirs)
    mock.script({ toolCalls: [{ name: 'policy', arguments: { input: 'secrets' } }] }, { text: 'I could not ask.' })
    const answer = await ask(asker, 'Tell me their policy')

    // The model is told the tool failed, and why; nothing of the other workspace's flow came back.
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.usedTools).toBeUndefined()
    const toolTurn = (mock.requests[1]!.body!.messages as { role: string; content: unknown }[]).find(
      (message) => message.role === 'tool',
    )
    expect(JSON.stringify(toolTurn?.content)).toContain(`there is no flow ${theirs} in this workspace`)
    expect(JSON.stringify(toolTurn?.content)).not.toContain('their flow')
  })
})
