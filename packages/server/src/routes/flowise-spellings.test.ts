import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { flowiseLlmChain } from '../../../core/src/graph/flowise-export-fixture.js'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// A chatflow exported from Flowise, saved and run here as it is: its model names the server the
// administrator allows (WEFT_ALLOWED_PRIVATE_HOSTS) in Flowise's spelling `basepath`, and the
// prompt must reach that server, not the provider's public address.

describe.each(testDialects())("a Flowise flow's model server on $name", (dialect) => {
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

  it("answers from the server the model's basepath names, with the stored key", async () => {
    const key = await admin.post('/api/v1/credentials', {
      name: 'Local key',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: 'sk-local-4711' },
    })
    expect(key.status).toBe(201)
    const flow = await createFlow(admin, JSON.stringify(flowiseLlmChain(mock.baseURL, key.body.id)))
    // Saved as Flowise wrote it: the run, not the save, reads Flowise's spelling.
    const saved = await admin.get(`/api/v1/chatflows/${flow.id}`)
    expect(saved.body.flowData).toContain('"basepath"')

    mock.script({ text: 'Answered by the local server.' })
    const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'Where am I?' })
    expect(res.status).toBe(200)
    expect(res.body.text).toBe('Answered by the local server.')
    expect(mock.requests.map((request) => request.path)).toEqual(['/v1/chat/completions'])
    expect(mock.requests[0]!.headers.authorization).toBe('Bearer sk-local-4711')
  })

  it('refuses the same flow when the administrator allows no such server, naming the address', async () => {
    await t.close()
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
    const flow = await createFlow(admin, JSON.stringify(flowiseLlmChain(mock.baseURL)))
    const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'Where am I?' })
    // The flow's configuration names an address the server refuses: the owner's to fix.
    expect(res.status).toBe(422)
    const address = new URL(mock.url).host
    expect(res.body.message).toContain('WEFT_ALLOWED_PRIVATE_HOSTS')
    expect(res.body.message).toContain(address)
    expect(mock.requests).toEqual([])
  })
})
