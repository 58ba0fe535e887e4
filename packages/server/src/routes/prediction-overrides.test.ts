import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FlowData } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, listen } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// The key-theft attack of overrideConfig: an anonymous caller of a public flow points the model's
// base path at a server of their own, hoping the owner's key follows. Mock A is the owner's model
// server, listener B the attacker's; both are real HTTP servers on 127.0.0.1.

const SECRET = 'sk-owner-secret-0815'

interface Heard {
  url: string
  headers: IncomingHttpHeaders
}

/** The attacker's server: it records whatever reaches it and answers nothing useful. */
async function startListener(): Promise<{ url: string; heard: Heard[]; close(): Promise<void> }> {
  const heard: Heard[] = []
  const server: Server = createServer((request, response) => {
    heard.push({ url: request.url ?? '', headers: request.headers })
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    heard,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Prompt → LLM chain ← ChatOpenAI with the owner's credential, pointed at mock A. */
function ownerFlow(mock: MockOpenAIServer, credentialId: string): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAI', 0, 0, { basePath: mock.baseURL, modelName: 'gpt-4o-mini', temperature: 0.9 })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer briefly: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  const data: FlowData = flow.build()
  data.nodes.find((node) => node.id === model)!.data.credential = credentialId
  return JSON.stringify(data)
}

const overrideSetting = (...names: string[]) =>
  JSON.stringify({
    overrideConfig: {
      status: true,
      nodes: { ChatOpenAI: names.map((name) => ({ label: name, name, type: 'string', enabled: true })) },
      variables: [],
    },
  })

describe.each(testDialects())('overrideConfig of a public flow on $name', (dialect) => {
  let mock: MockOpenAIServer
  let listener: Awaited<ReturnType<typeof startListener>>
  let t: TestApp
  let admin: Browser
  let base: string
  let credentialId: string

  beforeAll(async () => {
    mock = await startMockOpenAI()
    listener = await startListener()
  })
  afterAll(async () => {
    await mock.close()
    await listener.close()
  })
  beforeEach(async () => {
    mock.requests.length = 0
    listener.heard.length = 0
    // Loopback is allowed for model servers, so a refusal here is the override check's, not the SSRF guard's.
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } })
    admin = await setUpAdmin(t.app)
    base = await listen(t.app)
    const created = await admin.post('/api/v1/credentials', {
      name: 'Owner key',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: SECRET },
    })
    credentialId = created.body.id
  })
  afterEach(async () => {
    t.app.server.closeAllConnections()
    await t.close()
  })

  /** An anonymous caller: no cookie, no key. */
  const anonymous = (flowId: string, body: Record<string, unknown>) =>
    fetch(`${base}/api/v1/prediction/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Hi', ...body }),
    })

  const publicFlow = (fields: Record<string, unknown> = {}) =>
    createFlow(admin, ownerFlow(mock, credentialId), { isPublic: true, ...fields })

  async function expectRefused(res: Response, name: string, reason: string) {
    const text = await res.text()
    expect(res.status).toBe(403)
    expect(JSON.parse(text)).toMatchObject({ statusCode: 403, error: 'Forbidden' })
    expect(JSON.parse(text).message).toContain(`overrideConfig.${name} cannot be overridden`)
    expect(JSON.parse(text).message).toContain(reason)
    expect(text).not.toContain(SECRET)
  }

  it('refuses a base path sent by an anonymous caller; nothing reaches the listener or the model', async () => {
    const flow = await publicFlow()
    const json = await anonymous(flow.id, { overrideConfig: { basePath: listener.url } })
    const streamed = await anonymous(flow.id, { streaming: true, overrideConfig: { basePath: listener.url } })
    const internal = await admin.post(`/api/v1/internal-prediction/${flow.id}`, {
      question: 'Hi',
      overrideConfig: { basePath: listener.url },
    })
    expect(listener.heard.map((request) => request.headers.authorization)).toEqual([])
    expect(mock.requests).toEqual([])
    await expectRefused(json, 'basePath', 'this flow does not allow it')
    await expectRefused(streamed, 'basePath', 'this flow does not allow it')
    expect(internal.status).toBe(403)
    expect((await admin.get(`/api/v1/chatmessage/${flow.id}`)).body).toEqual([])
  })

  it('refuses the base path while the model uses a credential, even when the stored setting enables it', async () => {
    const flow = await publicFlow()
    // The API refuses to save this setting, so it is written the way an old or hand-edited row would hold it.
    await t.db
      .updateTable('flows')
      .set({ api_config: overrideSetting('basePath', 'temperature') })
      .where('id', '=', flow.id)
      .execute()
    const res = await anonymous(flow.id, { overrideConfig: { basePath: listener.url, temperature: 0.2 } })
    await expectRefused(res, 'basePath', 'while ChatOpenAI (chatOpenAI_0) uses a credential')
    const perNode = await anonymous(flow.id, { overrideConfig: { basePath: { chatOpenAI_0: listener.url } } })
    await expectRefused(perNode, 'basePath', 'uses a credential')
    expect(listener.heard).toEqual([])
    expect(mock.requests).toEqual([])
  })

  it('refuses to save a setting that enables a locked param, naming it', async () => {
    const flow = await publicFlow()
    const res = await admin.put(`/api/v1/chatflows/${flow.id}`, { apiConfig: overrideSetting('basePath') })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain(
      'basePath of ChatOpenAI (chatOpenAI_0) cannot be overridden while the node uses a credential',
    )
    const malformed = await admin.put(`/api/v1/chatflows/${flow.id}`, {
      apiConfig: JSON.stringify({ overrideConfig: { status: 'yes' } }),
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toContain('overrideConfig.status must be true or false')
    expect((await admin.get(`/api/v1/chatflows/${flow.id}`)).body.apiConfig).toBeNull()
  })

  it('refuses every override of a fresh flow, and ignores run options', async () => {
    const flow = await publicFlow()
    await expectRefused(
      await anonymous(flow.id, { overrideConfig: { temperature: 0.2 } }),
      'temperature',
      'does not allow',
    )
    expect(mock.requests).toEqual([])
    mock.script({ text: 'Plain answer' })
    const res = await anonymous(flow.id, { overrideConfig: { sessionId: 'session-1', returnSourceDocuments: true } })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { text: string }).text).toBe('Plain answer')
  })

  it('applies an enabled param and refuses one that is not enabled', async () => {
    const flow = await publicFlow()
    const saved = await admin.put(`/api/v1/chatflows/${flow.id}`, { apiConfig: overrideSetting('temperature') })
    expect(saved.status).toBe(200)
    mock.script({ text: 'Cooler answer' })
    const res = await anonymous(flow.id, { overrideConfig: { temperature: 0.2 } })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { text: string }).text).toBe('Cooler answer')
    expect(mock.requests).toHaveLength(1)
    expect(mock.requests[0]!.body).toMatchObject({ temperature: 0.2 })
    expect(mock.requests[0]!.headers.authorization).toBe(`Bearer ${SECRET}`)

    await expectRefused(
      await anonymous(flow.id, { overrideConfig: { modelName: 'gpt-5' } }),
      'modelName',
      'does not allow',
    )
    expect(mock.requests).toHaveLength(1)
    expect(listener.heard).toEqual([])
  })
})
