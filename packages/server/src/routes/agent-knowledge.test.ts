import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { agentflowData } from '../../../engine/src/testing/test-agentflow.js'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { testDialects } from '../test/dialects.js'
import { processedHandbookStore, upsertStore } from '../test/document-stores.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// An agentflow whose Agent step searches an upserted document store as a tool: the model (a
// stand-in OpenAI server on 127.0.0.1) calls the store's tool, reads the passages, then answers.

const LAPTOPS = 'Laptops are replaced every three years by the IT desk.'

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())

describe.each(testDialects())('Agent knowledge from document stores on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    mock.requests.length = 0
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  /** The handbook, one chunk per paragraph, upserted with the built-in embedder into the embedded store. */
  async function upsertedStore(): Promise<string> {
    const { store } = await processedHandbookStore(admin)
    expect((await upsertStore(admin, store.id)).status).toBe('done')
    return store.id
  }

  it('lets the Agent search the store through a tool and answers with the passages it found', async () => {
    const storeId = await upsertedStore()
    const picker = await admin.post('/api/v1/node-load-method/agentAgentflow', { loadMethod: 'listStores' })
    expect(picker.body).toEqual([{ label: 'Handbook', name: `${storeId}:Handbook`, description: 'Team handbook' }])

    const flowData = agentflowData(
      [
        { id: 'startAgentflow_0' },
        {
          id: 'agentAgentflow_0',
          inputs: {
            agentModel: 'chatOpenAICustom',
            agentModelConfig: { basePath: mock.baseURL, modelName: 'mock-model' },
            agentEnableMemory: false,
            // Flowise saves the pick as `<id>:<name>`; the tool is named after the store.
            agentKnowledgeDocumentStores: [
              {
                documentStore: `${storeId}:Handbook`,
                docStoreDescription: 'The staff handbook: holidays, expenses, equipment, opening hours',
                returnSourceDocuments: true,
              },
            ],
          },
        },
      ],
      [['startAgentflow_0', 'agentAgentflow_0']],
    )
    const flow = await createFlow(admin, JSON.stringify(flowData), { type: 'AGENTFLOW' })
    mock.script(
      { toolCalls: [{ name: 'handbook', arguments: { input: 'laptops replaced IT desk' } }] },
      { text: 'Every three years.' },
    )
    const answer = await admin.post(`/api/v1/prediction/${flow.id}`, { question: 'When do I get a new laptop?' })

    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.text).toBe('Every three years.')
    expect(answer.body.usedTools).toEqual([
      {
        tool: 'handbook',
        toolInput: { input: 'laptops replaced IT desk' },
        toolOutput: expect.stringContaining(LAPTOPS),
      },
    ])
    expect(answer.body.sourceDocuments).toContainEqual({
      pageContent: LAPTOPS,
      metadata: expect.objectContaining({ source: 'handbook.txt' }),
    })
    const chats = mock.requests.filter((request) => request.path === '/v1/chat/completions')
    expect(chats).toHaveLength(2)
    const offered = chats[0]!.body!.tools as { function: { name: string; description: string } }[]
    expect(offered.map((tool) => tool.function)).toMatchObject([
      { name: 'handbook', description: 'The staff handbook: holidays, expenses, equipment, opening hours' },
    ])
    const toolTurn = (chats[1]!.body!.messages as { role: string; content: unknown }[]).find((m) => m.role === 'tool')
    expect(JSON.stringify(toolTurn?.content)).toContain(LAPTOPS)
  })
})
