import { detailsOfProviderAssistant, type Assistant } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AssistantsStandIn } from '../../../nodes/src/testing/openai-assistants-stand-in.js'
import { testDialects } from '../test/dialects.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import {
  assistantBody,
  createProviderCredential,
  detailsOf,
  multipartFiles,
  PROVIDERS,
  startProvider,
} from '../test/provider-assistants.js'
import { createRole, signInMember } from '../test/workspace-members.js'

// The helper routes behind the OpenAI and Azure assistant forms (Flowise's paths): the provider's
// assistants to load, files to upload, and vector stores to make, fill, rename and delete.

describe.each(testDialects())('provider assistant files on $name', (dialect) => {
  describe.each(PROVIDERS)('$label', ({ type }) => {
    let provider: AssistantsStandIn
    let t: TestApp
    let admin: Browser
    let credential: string
    let query: string
    beforeEach(async () => {
      provider = await startProvider(type)
      t = await startTestApp({
        dialect,
        env: { PLATFORM_TYPE: 'enterprise', WEFT_ALLOWED_PRIVATE_HOSTS: new URL(provider.url).host },
      })
      admin = await setUpAdmin(t.app)
      credential = await createProviderCredential(admin, type, provider.url)
      query = `?credential=${credential}`
    })
    afterEach(async () => {
      await t.close()
      await provider.close()
    })

    const upload = async (b: Browser, path: string, files: Record<string, string>) => {
      const { body, contentType } = await multipartFiles(files)
      return b.post(`/api/v1/${path}${query}`, body, { 'content-type': contentType })
    }

    it('uploads files and makes a vector store with them, then fills, renames and empties it', async () => {
      const uploaded = await upload(admin, 'openai-assistants-file/upload', { 'a.txt': 'Alpha', 'b.txt': 'Beta' })
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200)
      expect(uploaded.body.map((file: { filename: string }) => file.filename)).toEqual(['a.txt', 'b.txt'])
      const [a, b] = uploaded.body as { id: string }[]
      expect(provider.files.get(a!.id)).toMatchObject({ purpose: 'assistants', content: 'Alpha' })

      const store = await admin.post(`/api/v1/openai-assistants-vector-store${query}`, {
        name: 'Handbook',
        file_ids: [a!.id],
      })
      expect(store.status, JSON.stringify(store.body)).toBe(200)
      expect(store.body).toMatchObject({ name: 'Handbook', file_counts: { total: 1 } })
      const listed = await admin.get(`/api/v1/openai-assistants-vector-store${query}`)
      expect(listed.body.map((entry: { id: string }) => entry.id)).toEqual([store.body.id])

      const path = `openai-assistants-vector-store/${store.body.id}`
      const added = await upload(admin, path, { 'c.txt': 'Gamma' })
      expect(added.status, JSON.stringify(added.body)).toBe(200)
      const files = await admin.get(`/api/v1/${path}/files${query}`)
      expect(files.body.map((file: { filename: string }) => file.filename)).toEqual(['a.txt', 'c.txt'])

      const renamed = await admin.put(`/api/v1/${path}${query}`, { name: 'Staff handbook' })
      expect(renamed.body.name).toBe('Staff handbook')
      expect((await admin.get(`/api/v1/${path}${query}`)).body.name).toBe('Staff handbook')
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/${path}/files${query}`,
        payload: { file_ids: [a!.id] },
        cookies: Object.fromEntries(admin.jar),
      })
      expect(removed.json()).toEqual({ deleted: [a!.id] })
      expect(provider.vectorStores.get(store.body.id)!.fileIds).toEqual([added.body[0].id])
      expect(provider.files.has(b!.id)).toBe(true)

      // The assistant searches the store and reads the file with its code interpreter.
      const assistant = await admin.post<Assistant>(
        '/api/v1/assistants',
        assistantBody(type, credential, {
          tools: ['file_search', 'code_interpreter'],
          tool_resources: {
            file_search: { vector_store_ids: [store.body.id] },
            code_interpreter: { file_ids: [b!.id] },
          },
          files: [{ id: b!.id, filename: 'b.txt', bytes: 4 }],
        }),
      )
      expect(assistant.status, JSON.stringify(assistant.body)).toBe(201)
      expect(provider.assistants.get(detailsOf(assistant.body).id!)!.tool_resources).toEqual({
        code_interpreter: { file_ids: [b!.id] },
        file_search: { vector_store_ids: [store.body.id] },
      })
      provider.script({ reply: 'Gamma is in the handbook.', citeFileIds: [added.body[0].id] })
      const answer = await admin.post(`/api/v1/internal-prediction/${detailsOf(assistant.body).chatflowId}`, {
        question: 'Where is Gamma?',
      })
      expect(answer.body.text).toBe('Gamma is in the handbook.')
      expect(answer.body.sourceDocuments).toEqual([
        { pageContent: '', metadata: { source: 'c.txt', fileId: added.body[0].id } },
      ])

      expect((await admin.delete(`/api/v1/${path}${query}`)).body).toMatchObject({ id: store.body.id, deleted: true })
      expect(provider.vectorStores.size).toBe(0)
    })

    it('loads an assistant that exists at the provider without making a new one', async () => {
      const existing = await admin.post<Assistant>(
        '/api/v1/assistants',
        assistantBody(type, credential, { name: 'Existing' }),
      )
      const providerId = detailsOf(existing.body).id!
      await admin.delete(`/api/v1/assistants/${existing.body.id}`)

      const listed = await admin.get(`/api/v1/openai-assistants${query}`)
      expect(listed.body.map((assistant: { id: string }) => assistant.id)).toEqual([providerId])
      const read = await admin.get(`/api/v1/openai-assistants/${providerId}${query}`)
      const imported = await admin.post<Assistant>('/api/v1/assistants', {
        type,
        credential,
        details: JSON.stringify(detailsOfProviderAssistant(read.body)),
      })
      expect(imported.status, JSON.stringify(imported.body)).toBe(201)
      expect(detailsOf(imported.body)).toMatchObject({ id: providerId, name: 'Existing' })
      expect(provider.assistants.size).toBe(1)

      const unknown = await admin.post<{ message: string }>(
        '/api/v1/assistants',
        assistantBody(type, credential, { id: 'asst_nope' }),
      )
      expect(unknown.status).toBe(400)
      expect(unknown.body.message).toMatch(/^body\.details\.id: .*No assistant found with id 'asst_nope'/)
    })

    it('refuses bad details and bad uploads, naming what is wrong', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ model: '' }, /body\.details\.model: is required/],
        [{ tools: ['web_search'] }, /body\.details\.tools\.0: must be code_interpreter or file_search/],
        [{ temperature: 3 }, /body\.details\.temperature: must be at most 2/],
        [{ tool_resources: { file_search: { vector_store_ids: ['vs_1', 'vs_2'] } } }, /at most one vector store/],
      ]
      for (const [details, message] of cases) {
        const answer = await admin.post<{ message: string }>(
          '/api/v1/assistants',
          assistantBody(type, credential, details),
        )
        expect(answer.status, JSON.stringify(details)).toBe(400)
        expect(answer.body.message).toMatch(message)
      }
      const notMultipart = await admin.post(`/api/v1/openai-assistants-file/upload${query}`, { files: 'x' })
      expect(notMultipart.status).toBe(400)
      expect((await upload(admin, 'openai-assistants-file/upload', { 'empty.txt': '' })).body.message).toBe(
        'empty.txt is empty',
      )
      expect((await admin.get('/api/v1/openai-assistants')).status).toBe(400)
      expect(provider.requests).toEqual([])
    })

    it('lets someone who may only view assistants look at the provider, and nothing more', async () => {
      const viewer = await signInMember(t, admin, await createRole(t, admin, ['assistants:view']))
      expect((await viewer.get(`/api/v1/openai-assistants${query}`)).status).toBe(200)
      expect((await viewer.get(`/api/v1/openai-assistants-vector-store${query}`)).status).toBe(200)
      expect((await viewer.post(`/api/v1/openai-assistants-vector-store${query}`, { name: 'x' })).status).toBe(403)
      expect((await upload(viewer, 'openai-assistants-file/upload', { 'a.txt': 'A' })).status).toBe(403)
      expect((await viewer.post('/api/v1/assistants', assistantBody(type, credential, {}))).status).toBe(403)
      expect(provider.requests.filter((request) => request.method !== 'GET')).toEqual([])
    })
  })
})
