import type { Assistant, CustomAssistantDetails } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { testDialects } from '../test/dialects.js'
import { processedHandbookStore, upsertStore } from '../test/document-stores.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { createRole, signInMember } from '../test/workspace-members.js'

// Custom assistants: the form's details become a flow of type ASSISTANT that answers through the
// prediction API like any chatflow; here with a scripted model server on 127.0.0.1 that calls the
// document store's tool.

const LAPTOPS = 'Laptops are replaced every three years by the IT desk.'

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())

describe.each(testDialects())('custom assistants on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    mock.requests.length = 0
    t = await startTestApp({
      dialect,
      env: { PLATFORM_TYPE: 'enterprise', WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host },
    })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  const create = (details: Partial<CustomAssistantDetails>) =>
    admin.post<Assistant>('/api/v1/assistants', { type: 'CUSTOM', details: JSON.stringify(details) })
  const detailsOf = (assistant: Assistant) => JSON.parse(assistant.details) as CustomAssistantDetails
  const count = async (table: 'assistants' | 'flows') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

  it('starts with a name, then builds a flow that searches its document store and answers in chat', async () => {
    const created = await create({ name: 'Handbook helper' })
    expect(created.status).toBe(201)
    expect(detailsOf(created.body).chatflowId).toBeUndefined()

    const { store } = await processedHandbookStore(admin)
    expect((await upsertStore(admin, store.id)).status).toBe('done')
    const details: CustomAssistantDetails = {
      name: 'Handbook helper',
      instruction: 'You answer questions about the staff handbook.',
      chatModel: { name: 'chatOpenAICustom', inputs: { basePath: mock.baseURL, modelName: 'mock-model' } },
      tools: [{ kind: 'node', name: 'calculator' }],
      documentStores: [{ id: store.id, name: 'anything', description: 'The staff handbook: equipment and holidays' }],
    }
    const saved = await admin.put<Assistant>(`/api/v1/assistants/${created.body.id}`, {
      details: JSON.stringify(details),
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const { chatflowId } = detailsOf(saved.body)
    expect(chatflowId).toBeTruthy()
    const flow = await admin.get(`/api/v1/chatflows/${chatflowId}`)
    expect(flow.body).toMatchObject({ type: 'ASSISTANT', name: 'Handbook helper' })

    mock.script(
      { toolCalls: [{ name: 'handbook', arguments: { input: 'laptop replacement' } }] },
      { text: 'Every three years.' },
    )
    const answer = await admin.post(`/api/v1/internal-prediction/${chatflowId}`, { question: 'When do I get a new laptop?' })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.text).toBe('Every three years.')
    expect(answer.body.usedTools[0]).toMatchObject({ tool: 'handbook', toolOutput: expect.stringContaining(LAPTOPS) })
    const chat = mock.requests.find((request) => request.path === '/v1/chat/completions')!
    const offered = (chat.body!.tools as { function: { name: string; description: string } }[]).map((tool) => tool.function)
    expect(offered).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'calculator' }),
        expect.objectContaining({ name: 'handbook', description: 'The staff handbook: equipment and holidays' }),
      ]),
    )
    const system = (chat.body!.messages as { role: string; content: string }[]).find((m) => m.role === 'system')
    expect(system?.content).toContain('You answer questions about the staff handbook.')

    // Saving again rebuilds the same flow; deleting the assistant deletes its flow.
    const again = await admin.put<Assistant>(`/api/v1/assistants/${created.body.id}`, {
      details: JSON.stringify({ ...details, chatflowId, tools: [] }),
    })
    expect(detailsOf(again.body).chatflowId).toBe(chatflowId)
    expect(await count('flows')).toBe(1)
    expect((await admin.delete(`/api/v1/assistants/${created.body.id}`)).status).toBe(200)
    expect(await count('flows')).toBe(0)
    expect((await admin.get(`/api/v1/chatflows/${chatflowId}`)).status).toBe(404)
  })

  it('refuses details naming what is not the workspace’s or not a model, and changes nothing', async () => {
    const base = { name: 'Helper', chatModel: { name: 'chatOffline', inputs: {} } }
    const cases: [unknown, RegExp][] = [
      ['{not json', /must be JSON text/],
      [JSON.stringify({ ...base, name: '' }), /details\.name: is required/],
      [JSON.stringify({ ...base, chatModel: { name: 'calculator', inputs: {} } }), /calculator is not a chat model/],
      [JSON.stringify({ ...base, chatModel: { name: 'chatOffline', inputs: {}, credential: 'x' } }), /credential/],
      [JSON.stringify({ ...base, tools: [{ kind: 'saved', id: 'missing' }] }), /tool missing not found/],
      [JSON.stringify({ ...base, tools: [{ kind: 'node', name: 'requestsPost' }] }), /cannot be an assistant's tool/],
      [JSON.stringify({ ...base, documentStores: [{ id: 'missing', name: 'x' }] }), /document store missing not found/],
    ]
    for (const [details, message] of cases) {
      const answer = await admin.post<{ message: string }>('/api/v1/assistants', { type: 'CUSTOM', details })
      expect(answer.status, String(details)).toBe(400)
      expect(answer.body.message).toMatch(message)
    }
    expect(await count('assistants')).toBe(0)
    expect(await count('flows')).toBe(0)
  })

  it('lists assistants by type and lets a viewer only look', async () => {
    await create({ name: 'One' })
    const list = await admin.get<Assistant[]>('/api/v1/assistants?type=CUSTOM')
    expect(list.body.map((assistant) => detailsOf(assistant).name)).toEqual(['One'])
    expect((await admin.get<Assistant[]>('/api/v1/assistants?type=OPENAI')).body).toEqual([])

    const viewer = await signInMember(t, admin, await createRole(t, admin, ['assistants:view']))
    expect((await viewer.get<Assistant[]>('/api/v1/assistants')).body).toHaveLength(1)
    expect((await viewer.post('/api/v1/assistants', { type: 'CUSTOM', details: '{"name":"x"}' })).status).toBe(403)
    expect((await viewer.delete(`/api/v1/assistants/${list.body[0]!.id}`)).status).toBe(403)
  })
})
