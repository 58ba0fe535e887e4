import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAssistantsStandIn, type AssistantsStandIn } from '../../testing/openai-assistants-stand-in.js'
import { testFetch } from '../../testing/test-fetch.js'
import { assistantsApi } from './assistants-api.js'
import { assistantsEndpoint } from './assistants-endpoint.js'
import { askInThread } from './ask-assistant.js'
import { AssistantsApiError } from './assistants-request.js'

const KEY = 'sk-test-assistants-0123456789'

const dialects = [
  { type: 'OPENAI' as const, credential: (url: string) => ({ openAIApiKey: KEY, openAIApiBasePath: url }) },
  {
    type: 'AZURE' as const,
    credential: (url: string) => ({
      azureOpenAIApiKey: KEY,
      azureOpenAIApiEndpoint: url,
      azureOpenAIApiVersion: '2024-07-01-preview',
    }),
  },
]

describe.each(dialects)('the Assistants API on $type', ({ type, credential }) => {
  let standIn: AssistantsStandIn
  beforeAll(async () => {
    standIn = await startAssistantsStandIn({ dialect: type, apiKey: KEY, apiVersion: '2024-07-01-preview' })
  })
  afterAll(() => standIn.close())

  const api = (data = credential(standIn.url), signal?: AbortSignal) =>
    assistantsApi(assistantsEndpoint(type, data), testFetch(standIn.url), signal)
  const ask = (assistantId: string, threadId: string, question: string, timeLimitMs?: number) =>
    askInThread(api(), { assistantId, threadId, question, signal: new AbortController().signal, timeLimitMs })

  it('creates, lists, changes and deletes an assistant', async () => {
    const created = await api().assistants.create({ name: 'Helper', model: 'gpt-4o', instructions: 'Be brief.' })
    expect(standIn.assistants.get(created.id)).toMatchObject({ name: 'Helper', instructions: 'Be brief.' })
    expect((await api().assistants.list()).map((assistant) => assistant.id)).toContain(created.id)
    await api().assistants.update(created.id, { instructions: 'Be kind.' })
    expect((await api().assistants.retrieve(created.id)).instructions).toBe('Be kind.')
    expect(await api().assistants.delete(created.id)).toMatchObject({ deleted: true })
    await expect(api().assistants.retrieve(created.id)).rejects.toMatchObject({ status: 404 })
    const last = standIn.requests.at(-1)!
    if (type === 'AZURE')
      expect(last).toMatchObject({
        path: `/openai/assistants/${created.id}`,
        query: { 'api-version': '2024-07-01-preview' },
      })
    else expect(last.path).toBe(`/v1/assistants/${created.id}`)
  })

  it('uploads a file into a vector store and answers in one thread, citing the file', async () => {
    const file = await api().files.upload({
      name: 'handbook.txt',
      type: 'text/plain',
      bytes: new TextEncoder().encode('Laptops: every 3 years.'),
    })
    expect(standIn.files.get(file.id)).toMatchObject({ filename: 'handbook.txt', content: 'Laptops: every 3 years.' })
    const store = await api().vectorStores.create({ name: 'Handbook', file_ids: [file.id] })
    expect((await api().vectorStores.listFiles(store.id)).map((entry) => entry.id)).toEqual([file.id])
    const assistant = await api().assistants.create({
      name: 'Reader',
      model: 'gpt-4o',
      tools: [{ type: 'file_search' }],
      tool_resources: { file_search: { vector_store_ids: [store.id] } },
    })
    const thread = await api().threads.create()

    standIn.script({ reply: 'Every three years.', citeFileIds: [file.id] })
    const first = await ask(assistant.id, thread.id, 'When is a new laptop due?')
    expect(first).toEqual({
      text: 'Every three years.',
      sourceDocuments: [{ pageContent: '', metadata: { source: 'handbook.txt', fileId: file.id } }],
    })
    const second = await ask(assistant.id, thread.id, 'And phones?')
    expect(second.text).toBe('You asked: And phones? (question 2 in this thread)')
  })

  it('says why a run did not answer, and leaves the thread free for the next question', async () => {
    const assistant = await api().assistants.create({ name: 'Flaky', model: 'gpt-4o' })
    const thread = await api().threads.create()
    standIn.script({ fail: 'The server had an error.' }, { requiresAction: 'get_weather' }, { stall: true })
    await expect(ask(assistant.id, thread.id, 'One')).rejects.toThrow(/run failed: The server had an error\./)
    await expect(ask(assistant.id, thread.id, 'Two')).rejects.toThrow(/asked to call get_weather; Weft does not run/)
    await expect(ask(assistant.id, thread.id, 'Three', 1)).rejects.toThrow(
      /did not finish within 0 s, so its run was cancelled/,
    )
    expect((await ask(assistant.id, thread.id, 'Four')).text).toBe('You asked: Four (question 4 in this thread)')
  })

  it("names the provider's error without the key", async () => {
    const wrongKey = 'sk-wrong-key-abcdefghijklmnop'
    const data =
      type === 'AZURE'
        ? { ...credential(standIn.url), azureOpenAIApiKey: wrongKey }
        : { ...credential(standIn.url), openAIApiKey: wrongKey }
    const error = await api(data)
      .assistants.list()
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AssistantsApiError)
    const message = (error as Error).message
    expect(message).toMatch(
      type === 'AZURE'
        ? /^Azure OpenAI answered HTTP 401: Access denied/
        : /^OpenAI answered HTTP 401: Incorrect API key provided: sk-\*\*\*/,
    )
    expect(message).not.toContain(wrongKey)
    expect(message).not.toContain(wrongKey.slice(-4))
  })
})

describe('the Assistants API address', () => {
  it("is the provider's own unless the credential names another", () => {
    expect(assistantsEndpoint('OPENAI', { openAIApiKey: 'k' }).url('/assistants').href).toBe(
      'https://api.openai.com/v1/assistants',
    )
    const azure = assistantsEndpoint('AZURE', { azureOpenAIApiKey: 'k', azureOpenAIApiInstanceName: 'contoso' })
    expect(azure.url('/threads', { run_id: 'r' }).href).toBe(
      'https://contoso.openai.azure.com/openai/threads?run_id=r&api-version=2024-05-01-preview',
    )
    expect(azure.headers).toEqual({ 'api-key': 'k' })
  })

  it('refuses an instance name that would lead to another host, and a credential without a key', () => {
    for (const instance of ['evil.com/x?', 'a.b', 'evil.com#']) {
      expect(() =>
        assistantsEndpoint('AZURE', { azureOpenAIApiKey: 'k', azureOpenAIApiInstanceName: instance }),
      ).toThrow(/not a resource name/)
    }
    expect(() => assistantsEndpoint('OPENAI', {})).toThrow(/has no API key/)
    expect(() => assistantsEndpoint('OPENAI', { openAIApiKey: 'k', openAIApiBasePath: 'file:///etc' })).toThrow(
      /must start with https/,
    )
  })
})
