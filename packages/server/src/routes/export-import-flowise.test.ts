import { readFileSync } from 'node:fs'
import type { ExportBundle } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { exportAll, importAll } from '../test/bundles.js'
import { chunkTexts } from '../test/document-stores.js'
import { testDialects } from '../test/dialects.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// An "Export All" file as Flowise 3.x writes it (our own fixture in that format: a chatflow of
// nodes Weft has, a flow picking a saved tool and a document store, an agentflow V2, their history,
// a variable, a template, a store with a loader and chunks), imported as a Flowise user would.

const FIXTURE = readFileSync(new URL('../test/fixtures/flowise-export-all.json', import.meta.url), 'utf8')
const FILE = JSON.parse(FIXTURE) as ExportBundle
const [SUPPORT, TOOLS] = FILE.ChatFlow
const STORE = FILE.DocumentStore[0]!

/** The fixture with its model pointed at the local mock server (a Flowise user points theirs at theirs). */
const fileFor = (mock: MockOpenAIServer) => JSON.parse(FIXTURE.replaceAll('__LOCAL_MODEL_BASE_URL__', mock.baseURL))

const inputsOf = (flowData: string, nodeId: string) =>
  (JSON.parse(flowData) as { nodes: { id: string; data: { inputs: Record<string, unknown> } }[] }).nodes.find(
    (node) => node.id === nodeId,
  )!.data.inputs

describe.each(testDialects())('importing a Flowise 3.x export on $name', (dialect) => {
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

  it('imports every group, keeping the ids, dates and history, and the flows run', async () => {
    await importAll(admin, fileFor(mock))

    mock.script({ text: 'Your order ships tomorrow.' })
    const answer = await admin.post(`/api/v1/internal-prediction/${SUPPORT!.id}`, { question: 'Where is my order?' })
    expect(answer.status).toBe(200)
    expect(answer.body.text).toBe('Your order ships tomorrow.')
    expect(mock.requests.map((request) => request.path)).toEqual(['/v1/chat/completions'])
    const echo = await admin.post(`/api/v1/internal-prediction/${FILE.AgentFlowV2[0]!.id}`, { question: 'hi' })
    expect(echo.body.text).toBe('You said: hi')

    const history = (await admin.get(`/api/v1/chatmessage/${SUPPORT!.id}?chatType=EXTERNAL`)).body
    expect(history.map((m: { content: string; createdDate: string }) => [m.content, m.createdDate])).toEqual([
      ['Where is my order?', '2025-09-15T10:00:00.000Z'],
      ['It ships tomorrow.', '2025-09-15T10:00:02.000Z'],
    ])
    const feedback = (await admin.get(`/api/v1/feedback/${SUPPORT!.id}`)).body
    expect(feedback).toMatchObject([
      { id: FILE.ChatMessageFeedback[0]!.id, rating: 'THUMBS_UP', content: 'Quick answer' },
    ])
    const executions = (await admin.get(`/api/v1/executions`)).body.data
    // Newest first: the run just made, then the imported one with its date.
    expect(executions).toMatchObject([
      {},
      { id: FILE.Execution[0]!.id, state: 'FINISHED', createdDate: '2025-09-15T11:00:00.000Z' },
    ])
    expect((await admin.get('/api/v1/variables')).body).toMatchObject([
      { name: 'region', value: 'eu-west', type: 'static' },
    ])

    // The store keeps its chunks; its vectors stayed in Flowise, so it asks to be upserted again.
    const store = (await admin.get(`/api/v1/document-store/store/${STORE.id}`)).body
    expect(store).toMatchObject({ name: 'Handbook', status: 'SYNC', totalChunks: 2 })
    expect(store.loaders).toMatchObject([{ loaderId: 'plainText', status: 'SYNC', totalChunks: 2, totalChars: 73 }])
    expect(await chunkTexts(admin, STORE.id, store.loaders[0].id)).toEqual([
      'Holidays are booked in the staff portal.',
      'Expenses are paid within 30 days.',
    ])

    const exported = await exportAll(admin)
    expect(exported.Tool).toMatchObject([
      { id: FILE.Tool[0]!.id, name: 'order_status', color: 'linear-gradient(rgb(255,198,123),rgb(239,175,128))' },
    ])
    expect(exported.CustomTemplate).toMatchObject([{ name: 'Order Support Kit', usecases: '["Customer Support"]' }])
    // The credential Flowise's embedding settings named is not carried on.
    expect(JSON.stringify(exported)).not.toContain('flowise-credential')
  })

  it('imports it again beside itself: new ids, and the copied flow picks the copied tool and store', async () => {
    await importAll(admin, fileFor(mock))
    await importAll(admin, fileFor(mock))
    const exported = await exportAll(admin)
    expect(exported.ChatFlow).toHaveLength(4)
    const copy = exported.ChatFlow.find((flow) => flow.name === TOOLS!.name && flow.id !== TOOLS!.id)!
    const tool = exported.Tool.find((candidate) => candidate.id !== FILE.Tool[0]!.id)!
    const store = exported.DocumentStore.find((candidate) => candidate.id !== STORE.id)!
    expect(inputsOf(copy.flowData, 'customTool_0').selectedTool).toBe(tool.id)
    expect(inputsOf(copy.flowData, 'documentStoreVS_0').selectedStore).toBe(store.id)
    const copiedChunks = exported.DocumentStoreFileChunk.filter((chunk) => chunk.storeId === store.id)
    expect(copiedChunks.map((chunk) => chunk.docId)).toEqual(
      (JSON.parse(store.loaders) as { id: string }[]).flatMap((loader) => [loader.id, loader.id]),
    )
    // One variable of a name per workspace: the second import keeps the first one's.
    expect((await admin.get('/api/v1/variables')).body).toHaveLength(1)

    mock.script({ text: 'Answered by the copy.' })
    const support = exported.ChatFlow.find((flow) => flow.name === SUPPORT!.name && flow.id !== SUPPORT!.id)!
    const answer = await admin.post(`/api/v1/internal-prediction/${support.id}`, { question: 'Hello?' })
    expect(answer.body.text).toBe('Answered by the copy.')
  })
})
