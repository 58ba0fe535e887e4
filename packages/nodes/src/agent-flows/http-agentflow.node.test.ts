import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import { readBody } from '../testing/mock-http.js'
import { testFetch } from '../testing/test-fetch.js'
import http from './http-agentflow.node.js'
import { runStep, testStep } from './testing/test-step.js'

interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

let api: Server
let other: Server
let base: string
let otherBase: string
const received: Received[] = []

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  // Answers every request with what it received, as JSON, except on the paths below.
  api = createServer(async (request, response) => {
    const body = await readBody(request)
    const seen = { method: request.method!, url: request.url!, headers: request.headers, body }
    received.push(seen)
    const path = new URL(request.url!, 'http://x').pathname
    if (path === '/missing') return response.writeHead(404, 'Not Found').end('no such order')
    if (path === '/page') return response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hello</p>')
    if (path === '/bytes') return response.end(Buffer.from([0, 1, 2, 250]))
    if (path === '/empty') return response.writeHead(204).end()
    const authorization = request.headers.authorization
    if (path === '/echo-text') return response.end(`you sent ${authorization}`)
    if (path === '/denied') return response.writeHead(401, 'Unauthorized').end(`bad credentials: ${authorization}`)
    if (path === '/redirect') return response.writeHead(302, { location: `${otherBase}/secret` }).end()
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(seen))
  })
  other = createServer((_request, response) => response.end('private data'))
  base = await listen(api)
  otherBase = await listen(other)
})

afterAll(async () => {
  for (const server of [api, other]) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** Runs the step with an outbound guard that lets through only the test's API server. */
function send(inputs: Record<string, unknown>, isLastStep = false) {
  const step = testStep(http, { inputs, isLastStep, allowedUrls: [base] })
  return { step, result: runStep(http, step) }
}

const lastReceived = () => received.at(-1)!

describe('HTTP step', () => {
  it('sends a GET with query params and headers, and passes on the JSON answer as text and as data', async () => {
    const { result } = send({
      url: `${base}/orders?status=open`,
      queryParams: [{ key: 'page', value: '2' }],
      headers: [{ key: 'X-Shop', value: 'north' }],
    })
    const { output } = await result
    expect(lastReceived()).toMatchObject({
      method: 'GET',
      url: '/orders?status=open&page=2',
      headers: { 'x-shop': 'north' },
    })
    expect(output.status).toBe(200)
    expect(output.json).toMatchObject({ method: 'GET', url: '/orders?status=open&page=2' })
    expect(output.content).toBe(JSON.stringify(output.json, null, 2))
  })

  it('sends a JSON body, given as text or as data, marked as JSON', async () => {
    for (const body of ['{"item": "book", "count": 2}', { item: 'book', count: 2 }]) {
      await send({ method: 'POST', url: `${base}/orders`, bodyType: 'json', body }).result
      expect(lastReceived().headers['content-type']).toBe('application/json')
      expect(JSON.parse(lastReceived().body)).toEqual({ item: 'book', count: 2 })
    }
  })

  it('sends raw text, form data and url-encoded bodies', async () => {
    await send({ method: 'PUT', url: `${base}/notes`, bodyType: 'raw', bodyRaw: 'Call me back at 5.' }).result
    expect(lastReceived()).toMatchObject({ method: 'PUT', body: 'Call me back at 5.' })

    const fields = [
      { key: 'name', value: 'Bo' },
      { key: 'city', value: 'Oslo & Bergen' },
    ]
    await send({ method: 'POST', url: `${base}/form`, bodyType: 'formData', bodyForm: fields }).result
    expect(lastReceived().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(lastReceived().body).toContain('name="city"\r\n\r\nOslo & Bergen')

    await send({ method: 'PATCH', url: `${base}/form`, bodyType: 'xWwwFormUrlencoded', bodyForm: fields }).result
    expect(lastReceived().headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(lastReceived().body).toBe('name=Bo&city=Oslo+%26+Bergen')
  })

  it('sends no body with a GET or DELETE', async () => {
    await send({ method: 'DELETE', url: `${base}/orders/1`, bodyType: 'raw', bodyRaw: 'ignored' }).result
    expect(lastReceived()).toMatchObject({ method: 'DELETE', body: '' })
  })

  it('reads the answer as text or base64 when asked, streamed when it ends the flow', async () => {
    const { step, result } = send({ url: `${base}/page`, responseType: 'text' }, true)
    expect((await result).output).toEqual({ content: '<p>hello</p>', status: 200 })
    expect(step.streamed()).toBe('<p>hello</p>')
    const bytes = await send({ url: `${base}/bytes`, responseType: 'base64' }).result
    expect(bytes.output.content).toBe(Buffer.from([0, 1, 2, 250]).toString('base64'))
    const empty = await send({ url: `${base}/empty`, responseType: 'json' }).result
    expect(empty.output).toEqual({ content: '', status: 204 })
  })

  it('says when a JSON answer is not JSON', async () => {
    await expect(send({ url: `${base}/page?key=abc`, responseType: 'json' }).result).rejects.toThrow(
      `GET ${base}/page did not answer JSON; set Response Type to Text to read it as text. It answered: <p>hello</p>`,
    )
  })

  it('fails on an error status, naming it and the address without its query string', async () => {
    const failure = send({ url: `${base}/missing?api_key=k-123456`, responseType: 'text' }).result
    await expect(failure).rejects.toThrow(`GET ${base}/missing answered 404 Not Found: no such order`)
    await expect(failure).rejects.not.toThrow('k-123456')
  })

  it('sends a bearer token, and keeps it out of the output and the recorded input even when the server repeats it', async () => {
    const token = 'sk-live-0123456789'
    const { result } = send({ url: `${base}/echo`, authType: 'bearer', bearerToken: token })
    const { output, input } = await result
    expect(lastReceived().headers.authorization).toBe(`Bearer ${token}`)
    expect(JSON.stringify(output)).not.toContain(token)
    expect(JSON.stringify(output)).toContain('[redacted]')
    expect(input).toMatchObject({ authType: 'bearer', bearerToken: '[redacted]', url: `${base}/echo` })
    expect(JSON.stringify(input)).not.toContain(token)
  })

  it('sends basic credentials, and keeps the password and the encoded pair out of every record', async () => {
    const { result } = send({
      url: `${base}/echo`,
      authType: 'basic',
      basicUsername: 'ada',
      basicPassword: 'correct horse',
      headers: [{ key: 'X-Api-Key', value: 'key-987654' }],
    })
    const { output, input } = await result
    const encoded = Buffer.from('ada:correct horse').toString('base64')
    expect(lastReceived().headers).toMatchObject({ authorization: `Basic ${encoded}`, 'x-api-key': 'key-987654' })
    for (const secret of ['correct horse', encoded, 'key-987654']) {
      expect(JSON.stringify(output), secret).not.toContain(secret)
      expect(JSON.stringify(input), secret).not.toContain(secret)
    }
    expect(input).toMatchObject({ basicUsername: 'ada', basicPassword: '[redacted]' })
  })

  it('keeps secrets out of error messages too, even when the server repeats them', async () => {
    const auth = { authType: 'bearer', bearerToken: 'tok-abcdef' }
    await expect(send({ url: `${base}/echo-text`, ...auth, responseType: 'json' }).result).rejects.toThrow(
      'did not answer JSON; set Response Type to Text to read it as text. It answered: you sent [redacted]',
    )
    await expect(send({ url: `${base}/denied`, ...auth }).result).rejects.toThrow(
      `GET ${base}/denied answered 401 Unauthorized: bad credentials: [redacted]`,
    )
  })

  it('fails clearly on inputs it cannot send', async () => {
    const fails = (inputs: Record<string, unknown>) => expect(send(inputs).result).rejects
    await fails({}).toThrow('URL is empty: give the address to call.')
    await fails({ url: 'orders' }).toThrow('URL is not a web address')
    await fails({ url: 'file:///etc/passwd' }).toThrow('URL must start with http:// or https://, not file://.')
    await fails({ url: `http://ada:pw@127.0.0.1/` }).toThrow('put them under Authentication (Basic Auth) instead')
    await fails({ url: base, method: 'TRACE' }).toThrow('Method "TRACE" is not one of GET, POST, PUT, DELETE, PATCH.')
    await fails({ url: base, method: 'POST', body: '{ nope' }).toThrow(/^Body is not valid JSON: /)
    await fails({ url: base, authType: 'bearer' }).toThrow('Token is empty')
    await fails({ url: base, headers: [{ key: '', value: 'x' }] }).toThrow('Headers: row 1 has no Key.')
    await fails({ url: base, headers: [{ key: 'X-A', value: 'a\nb' }] }).toThrow('Headers: "X-A" cannot be sent')
  })
})

describe('HTTP step and the outbound guard', () => {
  it('cannot reach a private address the administrator did not allow', async () => {
    const step = testStep(http, { inputs: { url: `${base}/echo` }, run: { fetch: testFetch() } })
    const before = received.length
    await expect(runStep(http, step)).rejects.toBeInstanceOf(OutboundRequestRefused)
    expect(received.length).toBe(before)
  })

  it('is not led to a private address by a redirect from an allowed one', async () => {
    const { result } = send({ url: `${base}/redirect`, responseType: 'text' })
    await expect(result).rejects.toBeInstanceOf(OutboundRequestRefused)
    await expect(result).rejects.toThrow(`Weft could not reach ${otherBase}`)
  })
})
