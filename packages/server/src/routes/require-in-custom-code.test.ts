import { createHash, createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { flowWithOurSpellings, type Flow, type FlowData } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { agentflowExport, chatStart, edge, step } from '../test/fixtures/flowise-agentflows/export-format.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// Custom code written for Flowise that requires crypto and axios, in an agentflow exported in
// Flowise's format: it signs the question with an HMAC, posts it with axios to a local web API that
// checks the signature, and answers the question's SHA-256 with the API's reply. Run through the
// prediction API, so the code runs on the server's sandbox pool.

const SECRET = 'shop-secret'
const sign = (text: string) => createHmac('sha256', SECRET).update(text).digest('hex')

const CODE = `const crypto = require('crypto')
const axios = require('axios')
const signature = crypto.createHmac('sha256', $secret).update($question).digest('hex')
const reply = await axios.post($api + '/orders', { item: $question }, { headers: { 'x-signature': signature } })
return 'sha256 ' + crypto.createHash('sha256').update($question).digest('hex') + ', ' + reply.status + ' ' + reply.data.verdict`

function signedOrderFlow(api: string) {
  const signer = step('customFunctionAgentflow_0', {
    customFunctionInputVariables: [
      { variableName: 'question', variableValue: '{{ question }}' },
      { variableName: 'secret', variableValue: SECRET },
      { variableName: 'api', variableValue: api },
    ],
    customFunctionJavascriptFunction: CODE,
    customFunctionUpdateState: '',
  })
  const begin = chatStart()
  return agentflowExport([begin, signer], [edge(begin, signer)])
}

describe.each(testDialects())('custom code that requires crypto and axios, on $name', (dialect) => {
  let api: Server
  let origin: string
  let t: TestApp
  let admin: Browser

  beforeAll(async () => {
    // Accepts an order only when its x-signature is the HMAC of its item.
    api = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        const { item } = JSON.parse(body) as { item: string }
        const good = request.headers['x-signature'] === sign(item)
        response.writeHead(good ? 201 : 401, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ verdict: good ? 'signed' : 'refused' }))
      })
    })
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())))
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(origin).host } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(async () => {
    t.app.server.closeAllConnections()
    await t.close()
  })

  async function saveFlow(flowData: FlowData): Promise<Flow> {
    const loaded = flowWithOurSpellings(flowData)
    const res = await admin.post('/api/v1/chatflows', {
      name: 'Signed orders',
      type: 'AGENTFLOW',
      flowData: JSON.stringify({ nodes: loaded.nodes, edges: loaded.edges, viewport: loaded.viewport }),
    })
    expect(res.status).toBe(201)
    return res.body as Flow
  }

  it('answers with the hash and the signed request the code made', async () => {
    const flow = await saveFlow(JSON.parse(JSON.stringify(signedOrderFlow(origin))) as FlowData)
    const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'green tea' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.text).toBe(`sha256 ${createHash('sha256').update('green tea').digest('hex')}, 201 signed`)
  })

  it('fails naming the module when the code requires one Weft does not give', async () => {
    const file = signedOrderFlow(origin)
    const flowData = JSON.parse(JSON.stringify(file).replace("require('axios')", "require('zlib')")) as FlowData
    const flow = await saveFlow(flowData)
    const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'green tea' })
    expect(res.status).not.toBe(200)
    expect(JSON.stringify(res.body)).toContain("require('zlib') is not available in Weft's sandbox")
  })
})
