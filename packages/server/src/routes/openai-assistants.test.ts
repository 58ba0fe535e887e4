import type { Assistant } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AssistantsStandIn } from '../../../nodes/src/testing/openai-assistants-stand-in.js'
import { testDialects } from '../test/dialects.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import {
  assistantBody,
  AZURE_API_VERSION,
  createProviderCredential,
  detailsOf,
  PROVIDER_KEY,
  PROVIDERS,
  startProvider,
} from '../test/provider-assistants.js'
import { addWorkspace, switchWorkspace } from '../test/workspace-members.js'

// OpenAI and Azure assistants: kept at the provider (here a stand-in of its Assistants API on
// 127.0.0.1), created, changed and deleted there with a credential of the workspace, and chatted
// with through a flow of type ASSISTANT, one provider thread per chat.

describe.each(testDialects())('provider assistants on $name', (dialect) => {
  describe.each(PROVIDERS)('$label', ({ type, label }) => {
    let provider: AssistantsStandIn
    let elsewhere: AssistantsStandIn
    let t: TestApp
    let admin: Browser
    let credential: string
    beforeEach(async () => {
      provider = await startProvider(type)
      // A server the caller would like the key sent to; allowed, so only Weft's own rule keeps it out.
      elsewhere = await startProvider(type)
      const hosts = [provider.url, elsewhere.url].map((url) => new URL(url).host).join(',')
      t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise', WEFT_ALLOWED_PRIVATE_HOSTS: hosts } })
      admin = await setUpAdmin(t.app)
      credential = await createProviderCredential(admin, type, provider.url)
    })
    afterEach(async () => {
      await t.close()
      await provider.close()
      await elsewhere.close()
    })

    const ask = (flowId: string, question: string, extra: Record<string, unknown> = {}) =>
      admin.post(`/api/v1/internal-prediction/${flowId}`, { question, ...extra })
    const count = async (table: 'assistants' | 'flows' | 'assistant_threads') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )

    it('creates the assistant at the provider and chats with it in one thread per chat', async () => {
      const created = await admin.post<Assistant>(
        '/api/v1/assistants',
        assistantBody(type, credential, {
          instructions: 'Answer in one line.',
          tools: ['code_interpreter'],
          temperature: 0.4,
        }),
      )
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      const details = detailsOf(created.body)
      expect(provider.assistants.get(details.id!)).toMatchObject({
        name: 'Helper',
        model: 'gpt-4o',
        instructions: 'Answer in one line.',
        temperature: 0.4,
        tools: [{ type: 'code_interpreter' }],
      })
      const flow = (await admin.get(`/api/v1/chatflows/${details.chatflowId}`)).body
      expect(flow).toMatchObject({ type: 'ASSISTANT', name: 'Helper' })
      expect(flow.flowData).not.toContain(PROVIDER_KEY)
      expect(flow.flowData).not.toContain(provider.url)

      const first = await ask(details.chatflowId!, 'What is 2 + 2?')
      expect(first.status, JSON.stringify(first.body)).toBe(200)
      expect(first.body.text).toBe('You asked: What is 2 + 2? (question 1 in this thread)')
      const second = await ask(details.chatflowId!, 'And 3 + 3?', { chatId: first.body.chatId })
      expect(second.body.text).toBe('You asked: And 3 + 3? (question 2 in this thread)')
      expect(provider.threads.size).toBe(1)
      const other = await ask(details.chatflowId!, 'Hello?')
      expect(other.body.text).toBe('You asked: Hello? (question 1 in this thread)')
      expect(provider.threads.size).toBe(2)

      if (type === 'AZURE') {
        expect(provider.requests.every((request) => request.query['api-version'] === AZURE_API_VERSION)).toBe(true)
        expect(provider.requests.every((request) => request.path.startsWith('/openai/'))).toBe(true)
      }
    })

    it('changes the assistant at the provider, keeping the function tools it has there', async () => {
      const created = (await admin.post<Assistant>('/api/v1/assistants', assistantBody(type, credential, {}))).body
      const { id: providerId, chatflowId } = detailsOf(created)
      const weather = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }
      provider.assistants.get(providerId!)!.tools = [weather]

      const updated = await admin.put<Assistant>(`/api/v1/assistants/${created.id}`, {
        details: JSON.stringify({
          name: 'Renamed',
          model: 'gpt-4o-mini',
          instructions: 'Be kind.',
          tools: ['file_search'],
          chatflowId: 'made-up',
        }),
      })
      expect(updated.status, JSON.stringify(updated.body)).toBe(200)
      expect(detailsOf(updated.body)).toMatchObject({ id: providerId, chatflowId, name: 'Renamed' })
      expect(provider.assistants.get(providerId!)).toMatchObject({
        name: 'Renamed',
        model: 'gpt-4o-mini',
        instructions: 'Be kind.',
        tools: [{ type: 'file_search' }, weather],
      })
      expect((await admin.get(`/api/v1/chatflows/${chatflowId}`)).body.name).toBe('Renamed')
      expect(provider.assistants.size).toBe(1)
      expect(await count('flows')).toBe(1)
    })

    it('deletes the flow always, and the provider’s assistant when asked to', async () => {
      const keep = (
        await admin.post<Assistant>('/api/v1/assistants', assistantBody(type, credential, { name: 'Keep' }))
      ).body
      const drop = (
        await admin.post<Assistant>('/api/v1/assistants', assistantBody(type, credential, { name: 'Drop' }))
      ).body
      await ask(detailsOf(drop).chatflowId!, 'Hi')
      expect(await count('assistant_threads')).toBe(1)

      expect((await admin.delete(`/api/v1/assistants/${keep.id}`)).status).toBe(200)
      expect(provider.assistants.has(detailsOf(keep).id!)).toBe(true)
      expect((await admin.delete(`/api/v1/assistants/${drop.id}?isDeleteBoth=true`)).status).toBe(200)
      expect(provider.assistants.has(detailsOf(drop).id!)).toBe(false)
      expect(await count('assistants')).toBe(0)
      expect(await count('flows')).toBe(0)
      expect(await count('assistant_threads')).toBe(0)
    })

    it('offers the saved provider assistants in the OpenAI Assistant node', async () => {
      const created = (await admin.post<Assistant>('/api/v1/assistants', assistantBody(type, credential, {}))).body
      const picker = await admin.post('/api/v1/node-load-method/openAIAssistant', { loadMethod: 'listAssistants' })
      expect(picker.body).toEqual([{ label: 'Helper', name: created.id, description: label }])
    })

    it('refuses a credential of another workspace or of another kind, and calls no provider', async () => {
      const me = (await admin.get('/api/v1/user')).body
      await switchWorkspace(admin, await addWorkspace(t, admin))
      const theirs = await createProviderCredential(admin, type, provider.url)
      await switchWorkspace(admin, me.activeWorkspaceId)
      const otherKind = await createProviderCredential(admin, type === 'AZURE' ? 'OPENAI' : 'AZURE', provider.url)

      for (const id of [theirs, otherKind, 'missing']) {
        const created = await admin.post<{ message: string }>('/api/v1/assistants', assistantBody(type, id, {}))
        expect(created.status).toBe(400)
        expect(created.body.message).toBe(`body.credential: not an ${label} credential of this workspace`)
      }
      expect((await admin.get(`/api/v1/openai-assistants?credential=${theirs}`)).status).toBe(400)
      expect((await admin.get(`/api/v1/openai-assistants-vector-store?credential=${theirs}`)).status).toBe(400)
      const mine = (await admin.post<Assistant>('/api/v1/assistants', assistantBody(type, credential, {}))).body
      const moved = await admin.put(`/api/v1/assistants/${mine.id}`, { credential: theirs })
      expect(moved.status).toBe(400)
      expect((await admin.get<Assistant>(`/api/v1/assistants/${mine.id}`)).body.credential).toBe(credential)
      expect(await count('assistants')).toBe(1)
      expect(provider.requests.filter((request) => request.method === 'POST')).toHaveLength(1)
    })

    it("answers the provider's error by name, without the key, and changes nothing", async () => {
      const wrongKey = 'sk-wrong-0123456789abcdefghij'
      const wrong = await createProviderCredential(admin, type, provider.url, wrongKey)
      const created = await admin.post<{ message: string }>('/api/v1/assistants', assistantBody(type, wrong, {}))
      expect(created.status).toBe(400)
      expect(created.body.message).toMatch(new RegExp(`^${label} answered HTTP 401: `))
      expect(created.body.message).not.toContain(wrongKey)
      expect(created.body.message).not.toContain(wrongKey.slice(-4))
      expect(await count('assistants')).toBe(0)
      expect(await count('flows')).toBe(0)

      const assistant = (await admin.post<Assistant>('/api/v1/assistants', assistantBody(type, credential, {}))).body
      provider.script({ fail: 'The model is overloaded.' })
      const answer = await ask(detailsOf(assistant).chatflowId!, 'Hi')
      expect(answer.status).toBe(500)
      expect(answer.body.message).toContain(`${label}: the assistant's run failed: The model is overloaded.`)
      const missing = await admin.get<{ message: string }>(
        `/api/v1/openai-assistants/asst_missing?credential=${credential}`,
      )
      expect(missing.status).toBe(404)
      expect(missing.body.message).toBe(`${label} answered HTTP 404: No assistant found with id 'asst_missing'.`)
    })

    it('sends the key only where the credential says, whatever the caller sends', async () => {
      const sneaky = {
        basePath: elsewhere.url,
        baseURL: elsewhere.url,
        openAIApiBasePath: elsewhere.url,
        azureOpenAIApiEndpoint: elsewhere.url,
      }
      const created = await admin.post<Assistant>('/api/v1/assistants', {
        ...assistantBody(type, credential, sneaky),
        ...sneaky,
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      const { chatflowId } = detailsOf(created.body)
      expect(created.body.details).not.toContain(elsewhere.url)
      // Names the flow does not let a caller change are refused before anything runs (403).
      const refused = await ask(chatflowId!, 'Where do you live?', { overrideConfig: sneaky })
      expect(refused.status, JSON.stringify(refused.body)).toBe(403)
      expect((refused.body as { message: string }).message).toContain('overrideConfig.basePath cannot be overridden')
      const answer = await ask(chatflowId!, 'Where do you live?')
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const listed = await admin.get(
        `/api/v1/openai-assistants?credential=${credential}&basePath=${encodeURIComponent(elsewhere.url)}`,
      )
      expect(listed.status).toBe(200)
      expect(elsewhere.requests).toEqual([])
      expect(provider.requests.length).toBeGreaterThan(0)
    })
  })
})
