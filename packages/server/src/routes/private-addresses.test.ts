import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FlowData } from '@weft/core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// Flows, load methods and tools call addresses that users choose. None of them may reach the
// machine Weft runs on or its private network unless the administrator listed the host in
// WEFT_ALLOWED_PRIVATE_HOSTS; the refusal reads the same whether the port is open or not.

const INSIDE_BODY = 'internal secret answer'

/** A private service on 127.0.0.1 that an attacker would like to read, recording what reaches it. */
async function startInsideService(): Promise<{ server: Server; port: number; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = []
  const server = createServer((request, response) => {
    requests.push(request)
    response.setHeader('content-type', 'application/json')
    if (request.url === '/api/tags') return response.end(JSON.stringify({ models: [{ name: INSIDE_BODY }] }))
    response.end(JSON.stringify({ secret: INSIDE_BODY }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port, requests }
}

const refusal = (address: string) => {
  const url = new URL(address)
  return (
    `Weft could not reach ${url.origin}: the address is private, unreachable or refused the connection. ` +
    `An administrator can allow a private host by adding ${url.host} to WEFT_ALLOWED_PRIVATE_HOSTS.`
  )
}

/** LLM chain ← ChatOpenAI Compatible at `basePath`. */
function chainFlow(basePath: string): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath, modelName: 'mock-model' })
  const prompt = flow.add('promptTemplate', 0, 400, { template: '{question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return JSON.stringify(flow.build())
}

/** Tool agent ← (model at `basePath`, Requests Get with no URL: the model chooses the address). */
function agentFlow(basePath: string): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath, modelName: 'mock-model' })
  const tool = flow.add('requestsGet', 0, 400)
  const memory = flow.add('bufferMemory', 0, 800)
  const agent = flow.add('toolAgent', 400, 200)
  flow.connect(model, agent, 'model')
  flow.connect(tool, agent, 'tools')
  flow.connect(memory, agent, 'memory')
  const data: FlowData = flow.build()
  return JSON.stringify(data)
}

describe.each(testDialects())('calls to private addresses on $name', (dialect) => {
  let mock: MockOpenAIServer
  let inside: Awaited<ReturnType<typeof startInsideService>>
  let t: TestApp | undefined
  let admin: Browser

  const start = async (allowedPrivateHosts?: string) => {
    t = await startTestApp({
      dialect,
      env: allowedPrivateHosts ? { WEFT_ALLOWED_PRIVATE_HOSTS: allowedPrivateHosts } : {},
    })
    admin = await setUpAdmin(t.app)
  }
  const predict = async (flowData: string, question = 'Hi') => {
    const flow = await createFlow(admin, flowData)
    return admin.post(`/api/v1/internal-prediction/${flow.id}`, { question })
  }
  const mockHost = () => new URL(mock.url).host
  const insideUrl = (host = '127.0.0.1') => `http://${host}:${inside.port}`

  beforeAll(async () => {
    mock = await startMockOpenAI()
    inside = await startInsideService()
  })
  afterAll(async () => {
    await mock.close()
    await new Promise((resolve) => inside.server.close(resolve))
  })
  afterEach(async () => {
    await t?.close()
    t = undefined
    mock.requests.length = 0
    inside.requests.length = 0
  })

  it("refuses a model Base Path on loopback in every spelling, and the model's server hears nothing", async () => {
    await start()
    const { port } = new URL(mock.url)
    for (const host of ['127.0.0.1', '2130706433', '0x7f.1', '[::ffff:127.0.0.1]', 'localhost']) {
      const res = await predict(chainFlow(`http://${host}:${port}/v1`))
      expect(res.status, host).toBe(422)
      expect(res.body.message, host).toContain(refusal(`http://${host}:${port}`))
    }
    expect(mock.requests).toHaveLength(0)
  })

  it('answers a closed port with the same words as a refused address', async () => {
    const closed = await startInsideService()
    await new Promise((resolve) => closed.server.close(resolve))
    await start(`127.0.0.1:${closed.port}`)
    const res = await predict(chainFlow(`http://127.0.0.1:${closed.port}/v1`))
    expect(res.body.message).toContain(refusal(`http://127.0.0.1:${closed.port}`))
  })

  it('runs the flow when the administrator allowed the model server', async () => {
    await start(mockHost())
    mock.script({ text: 'Answered from the allowed server' })
    const res = await predict(chainFlow(mock.baseURL))
    expect(res.status).toBe(200)
    expect(res.body.text).toBe('Answered from the allowed server')
  })

  it('lists no models of a private Ollama address, says how to allow it, and never calls it', async () => {
    await start()
    for (const baseUrl of [
      insideUrl(),
      insideUrl('[::ffff:127.0.0.1]'),
      insideUrl('2130706433'),
      'http://169.254.169.254',
    ]) {
      const res = await admin.post('/api/v1/node-load-method/chatOllama', {
        loadMethod: 'listModels',
        inputs: { baseUrl },
      })
      expect(res.status).toBe(200)
      expect(res.body).toHaveLength(1)
      expect(res.body[0].description, baseUrl).toContain(refusal(baseUrl))
      expect(JSON.stringify(res.body)).not.toContain(INSIDE_BODY)
    }
    expect(inside.requests).toHaveLength(0)
  })

  it('lists the models of an Ollama the administrator allowed', async () => {
    await start(`127.0.0.1:${inside.port}`)
    const res = await admin.post('/api/v1/node-load-method/chatOllama', {
      loadMethod: 'listModels',
      inputs: { baseUrl: insideUrl() },
    })
    expect(res.body).toEqual([{ label: INSIDE_BODY, name: INSIDE_BODY }])
  })

  it("answers a request tool's call to a private address with the refusal, not the service's answer", async () => {
    await start(mockHost())
    const target = `${insideUrl('[::ffff:127.0.0.1]')}/admin`
    mock.script({ toolCalls: [{ name: 'requests_get', arguments: { url: target } }] }, { text: 'Done.' })
    const res = await predict(agentFlow(mock.baseURL))
    expect(res.status).toBe(200)
    expect(res.body.usedTools).toEqual([
      { tool: 'requests_get', toolInput: { url: target }, toolOutput: refusal(target) },
    ])
    expect(JSON.stringify(mock.requests.map((request) => request.body))).not.toContain(INSIDE_BODY)
    expect(inside.requests).toHaveLength(0)
  })

  it('lets a request tool reach a private host the administrator allowed', async () => {
    await start(`${mockHost()},127.0.0.1:${inside.port}`)
    const target = `${insideUrl()}/admin`
    mock.script({ toolCalls: [{ name: 'requests_get', arguments: { url: target } }] }, { text: 'Done.' })
    const res = await predict(agentFlow(mock.baseURL))
    expect(res.body.usedTools[0].toolOutput).toBe(JSON.stringify({ secret: INSIDE_BODY }))
    expect(inside.requests).toHaveLength(1)
  })
})
