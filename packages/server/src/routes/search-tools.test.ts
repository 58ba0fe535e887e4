import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FlowData } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// A chatflow's Tool Agent (the model a stand-in OpenAI server) calling the BraveSearch API tool,
// whose credential points at a stand-in of Brave's API on 127.0.0.1; and the same flow refused
// when the administrator has not allowed that private address.

const KEY = 'brave-secret-key'

let mock: MockOpenAIServer
let brave: Server
let braveUrl: string
const searches: { url: string; headers: IncomingMessage['headers'] }[] = []

beforeAll(async () => {
  mock = await startMockOpenAI()
  brave = createServer((request, response) => {
    searches.push({ url: request.url!, headers: request.headers })
    response.setHeader('content-type', 'application/json')
    response.end(
      JSON.stringify({
        web: { results: [{ title: 'Ferry times', url: 'https://ferry.example/', description: 'Every hour' }] },
      }),
    )
  })
  await new Promise<void>((resolve) => brave.listen(0, '127.0.0.1', resolve))
  braveUrl = `http://127.0.0.1:${(brave.address() as AddressInfo).port}`
})
afterAll(async () => {
  await mock.close()
  brave.closeAllConnections()
  await new Promise((resolve) => brave.close(resolve))
})

describe.each(testDialects())('search tools in a chatflow on $name', (dialect) => {
  let t: TestApp | undefined
  let admin: Browser
  beforeEach(() => {
    mock.requests.length = 0
    searches.length = 0
  })
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  async function searchFlow(allowed: string): Promise<string> {
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: allowed } })
    admin = await setUpAdmin(t.app)
    const credential = await admin.post('/api/v1/credentials', {
      name: 'Brave',
      credentialName: 'braveSearchApi',
      plainDataObj: { braveApiKey: KEY, braveApiBaseUrl: braveUrl },
    })
    expect(credential.status, JSON.stringify(credential.body)).toBe(201)
    const flow = templateFlow()
    const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
    const search = flow.add('braveSearchAPI', 0, 400)
    const agent = flow.add('toolAgent', 400, 200)
    flow.connect(model, agent, 'model')
    flow.connect(search, agent, 'tools')
    const data: FlowData = flow.build()
    data.nodes.find((node) => node.id === search)!.data.credential = credential.body.id as string
    return (await createFlow(admin, JSON.stringify(data))).id
  }

  it('lets a Tool Agent search with Brave and answer from the results, the key sent only to Brave', async () => {
    const flowId = await searchFlow(`${new URL(mock.url).host},${new URL(braveUrl).host}`)
    mock.script(
      { toolCalls: [{ name: 'brave-search', arguments: { input: 'ferry to Nesodden' } }] },
      { text: 'Every hour.' },
    )
    const answer = await admin.post(`/api/v1/internal-prediction/${flowId}`, { question: 'How often is the ferry?' })

    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.text).toBe('Every hour.')
    const results = '[{"title":"Ferry times","link":"https://ferry.example/","snippet":"Every hour"}]'
    expect(answer.body.usedTools).toEqual([
      { tool: 'brave-search', toolInput: { input: 'ferry to Nesodden' }, toolOutput: results },
    ])
    expect(searches).toHaveLength(1)
    expect(searches[0]!.url).toBe('/res/v1/web/search?q=ferry+to+Nesodden')
    expect(searches[0]!.headers['x-subscription-token']).toBe(KEY)
    // The model reads the results, and never the key.
    expect(JSON.stringify(mock.requests)).toContain('Ferry times')
    expect(JSON.stringify(mock.requests)).not.toContain(KEY)
    expect(JSON.stringify(answer.body)).not.toContain(KEY)
  })

  it('refuses the search at a private address the administrator did not allow', async () => {
    const flowId = await searchFlow(new URL(mock.url).host)
    mock.script(
      { toolCalls: [{ name: 'brave-search', arguments: { input: 'ferry' } }] },
      { text: 'I could not search.' },
    )
    const answer = await admin.post(`/api/v1/internal-prediction/${flowId}`, { question: 'How often is the ferry?' })

    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.usedTools[0].toolOutput).toBe(
      `Weft could not reach ${braveUrl}: the address is private, unreachable or refused the connection. ` +
        `An administrator can allow a private host by adding ${new URL(braveUrl).host} to WEFT_ALLOWED_PRIVATE_HOSTS.`,
    )
    expect(searches).toEqual([])
  })
})
