import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SavedTool } from '@weft/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tool } from '../providers/chat-model.js'
import { runNode, testRun } from '../runtime/test-run.js'
import { testFetch } from '../testing/test-fetch.js'
import calculator from './calculator.node.js'
import customTool from './custom-tool.node.js'
import requestsGet from './requests-get.node.js'
import requestsPost from './requests-post.node.js'
import requestsDelete from './requests-delete.node.js'
import requestsPut from './requests-put.node.js'
import currentDateTime, { describeNow } from './current-date-time.node.js'
import { MAX_ANSWER_CHARS, sendToolRequest } from './send-request.js'

interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

let server: Server
let base: string
const received: Received[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body })
      if (request.url === '/missing') return response.writeHead(404, 'Not Found').end('no such item')
      if (request.url === '/big') return response.end('x'.repeat(MAX_ANSWER_CHARS + 500))
      if (request.url === '/never') return // the answer never comes
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ ok: true, path: request.url }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const signal = new AbortController().signal
/** A tool built in a run whose server allows this test's server (it listens on loopback). */
const build = async (node: typeof requestsGet, inputs: Record<string, unknown>) =>
  (await runNode(node, inputs, testRun({ fetch: testFetch(base) }))) as Tool
/** A tool built in a run whose server allows no private host, as by default. */
const buildGuarded = async (node: typeof requestsGet, inputs: Record<string, unknown>) =>
  (await runNode(node, inputs, testRun())) as Tool

const refusal = (origin: string) =>
  `Weft could not reach ${origin}: the address is private, unreachable or refused the connection. ` +
  `An administrator can allow a private host by adding ${new URL(origin).host} to WEFT_ALLOWED_PRIVATE_HOSTS.`

describe('Calculator tool', () => {
  it('works out the expression, and answers a mistake as text the model can read', async () => {
    const tool = await build(calculator, {})
    expect(tool.name).toBe('calculator')
    await expect(tool.execute({ expression: '2 ^ 10 / 4' }, signal)).resolves.toBe('256')
    await expect(tool.execute({ input: '0.1 + 0.2' }, signal)).resolves.toBe('0.3')
    await expect(tool.execute({ expression: 'require("fs")' }, signal)).resolves.toBe(
      'Cannot work out "require("fs")": Unexpected "r" at position 1',
    )
  })
})

describe('Requests Get tool', () => {
  it('lets the agent choose the address when no URL is set, and sends the configured headers', async () => {
    const tool = await build(requestsGet, { headers: '{"Authorization": "Bearer abc"}' })
    expect(tool.inputSchema).toMatchObject({ required: ['url'] })
    await expect(tool.execute({ url: `${base}/items/1` }, signal)).resolves.toBe('{"ok":true,"path":"/items/1"}')
    expect(received.at(-1)).toMatchObject({ method: 'GET', url: '/items/1', headers: { authorization: 'Bearer abc' } })
  })

  it('calls the set URL whatever the agent sends, with the description the user wrote', async () => {
    const tool = await build(requestsGet, { url: `${base}/fixed`, description: 'Reads the price list' })
    expect(tool.description).toBe('Reads the price list')
    expect(tool.inputSchema).toEqual({ type: 'object', properties: {} })
    await expect(tool.execute({ url: 'http://elsewhere.invalid/' }, signal)).resolves.toContain('"/fixed"')
  })

  it('answers errors as text: status, bad address, unreachable server', async () => {
    const tool = await build(requestsGet, {})
    await expect(tool.execute({ url: `${base}/missing` }, signal)).resolves.toBe(
      'The server answered 404 Not Found: no such item',
    )
    await expect(tool.execute({ url: 'file:///etc/passwd' }, signal)).resolves.toBe(
      'Only http and https addresses can be called, not file:',
    )
    await expect(tool.execute({ url: 'not a url' }, signal)).resolves.toBe('"not a url" is not a web address.')
    await expect(tool.execute({ url: 'http://127.0.0.1:1/' }, signal)).resolves.toBe(refusal('http://127.0.0.1:1'))
  })

  it('never reaches a private address the administrator did not allow, in any spelling', async () => {
    const port = new URL(base).port
    const before = received.length
    for (const node of [requestsGet, requestsPost, requestsPut, requestsDelete]) {
      const chosen = await buildGuarded(node, {})
      for (const host of [
        '127.0.0.1',
        '[::ffff:127.0.0.1]',
        '2130706433',
        '0x7f.1',
        '0177.0.0.1',
        '127.1',
        '[::1]',
        'localhost',
      ]) {
        const url = `http://${host}:${port}/items/1`
        await expect(chosen.execute({ url, data: {} }, signal), url).resolves.toBe(refusal(new URL(url).origin))
      }
      for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/']) {
        await expect(chosen.execute({ url, data: {} }, signal), url).resolves.toBe(refusal(new URL(url).origin))
      }
      const fixed = await buildGuarded(node, { url: `${base}/fixed` })
      await expect(fixed.execute({}, signal)).resolves.toBe(refusal(base))
    }
    expect(received.length).toBe(before)
  })

  it('cuts a long answer to a size a prompt can hold', async () => {
    const tool = await build(requestsGet, {})
    const text = await tool.execute({ url: `${base}/big` }, signal)
    expect(text.startsWith('x'.repeat(MAX_ANSWER_CHARS))).toBe(true)
    expect(text.endsWith(`…(cut at ${MAX_ANSWER_CHARS} characters)`)).toBe(true)
  })

  it('gives up after its timeout, and a stopped run stops the request', async () => {
    await expect(
      sendToolRequest({
        method: 'GET',
        url: `${base}/never`,
        headers: {},
        signal,
        timeoutMs: 50,
        fetch: testFetch(base),
      }),
    ).resolves.toBe(`The request to ${base}/never took longer than 0.05 s and was abandoned.`)
    const stop = new AbortController()
    const pending = sendToolRequest({
      method: 'GET',
      url: `${base}/never`,
      headers: {},
      signal: stop.signal,
      fetch: testFetch(base),
    })
    stop.abort(new Error('The run was stopped'))
    await expect(pending).rejects.toThrow('The run was stopped')
  })
})

describe('Requests Post tool', () => {
  it('sends the JSON the agent writes when no Body is set', async () => {
    const tool = await build(requestsPost, {})
    expect(tool.inputSchema).toMatchObject({ required: ['url', 'data'] })
    await tool.execute({ url: `${base}/orders`, data: { item: 'tea', count: 2 } }, signal)
    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      url: '/orders',
      body: '{"item":"tea","count":2}',
      headers: { 'content-type': 'application/json' },
    })
  })

  it('sends the set Body to the set URL; the agent only decides when', async () => {
    const tool = await build(requestsPost, {
      url: `${base}/ping`,
      body: '{"hello": "world"}',
      headers: { 'X-Key': 'k' },
    })
    expect(tool.inputSchema).toEqual({ type: 'object', properties: {}, required: [] })
    await tool.execute({}, signal)
    expect(received.at(-1)).toMatchObject({ url: '/ping', body: '{"hello":"world"}', headers: { 'x-key': 'k' } })
  })

  it('names a broken Body or Headers input', async () => {
    await expect(build(requestsPost, { body: '{ nope' })).rejects.toThrow(/^Body is not valid JSON/)
    await expect(build(requestsPost, { headers: '[1]' })).rejects.toThrow('Headers must be a JSON object')
  })
})

describe('Requests Put and Delete tools', () => {
  it('sends the JSON the agent writes with PUT, and DELETEs the address it chooses', async () => {
    const put = await build(requestsPut, {})
    expect(put.name).toBe('requests_put')
    await put.execute({ url: `${base}/orders/7`, data: { status: 'paid' } }, signal)
    expect(received.at(-1)).toMatchObject({ method: 'PUT', url: '/orders/7', body: '{"status":"paid"}' })

    const remove = await build(requestsDelete, { headers: { 'X-Key': 'k' } })
    expect(remove.inputSchema).toMatchObject({ required: ['url'] })
    expect(await remove.execute({ url: `${base}/orders/7` }, signal)).toContain('"ok":true')
    expect(received.at(-1)).toMatchObject({ method: 'DELETE', url: '/orders/7', headers: { 'x-key': 'k' } })
  })
})

describe('CurrentDateTime tool', () => {
  it('tells the date and time in UTC, in words a model reads', async () => {
    expect(describeNow(new Date('2026-11-26T09:05:00Z'))).toBe(
      '2026-11-26T09:05:00.000Z (Thursday, 26 November 2026, 09:05 UTC)',
    )
    const tool = (await runNode(currentDateTime, {}, testRun())) as Tool
    const answer = await tool.execute({}, signal)
    expect(Date.parse(answer.slice(0, 24))).toBeGreaterThan(Date.now() - 60_000)
  })
})

describe('Custom Tool', () => {
  const base = {
    customToolName: 'add_tax',
    customToolDesc: 'Adds VAT to a price',
    customToolSchema: JSON.stringify([
      { property: 'price', type: 'number', description: 'Price without tax', required: true },
      { property: 'on', type: 'date', description: 'Day of sale', required: false },
    ]),
    customToolFunc: 'return { total: $price * 1.25, country: $vars.country, chat: $flow.chatId, input: $input }',
  }

  it('turns the Input Schema rows into a JSON schema and runs the code with the arguments', async () => {
    const run = testRun({ vars: { country: 'NO' } })
    const tool = (await runNode(customTool, base, run)) as Tool
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        price: { type: 'number', description: 'Price without tax' },
        on: { type: 'string', format: 'date', description: 'Day of sale' },
      },
      required: ['price'],
    })
    const output = await tool.execute({ price: 100 }, signal)
    expect(JSON.parse(output)).toEqual({ total: 125, country: 'NO', chat: 'chat-1', input: { price: 100 } })
  })

  it('refuses a name a model could not call and empty code', async () => {
    await expect(runNode(customTool, { ...base, customToolName: 'add tax!' }, testRun())).rejects.toThrow(
      'Tool Name "add tax!" must hold only letters, digits, _ and - (not a space, "!"), e.g. get_order_status.',
    )
    await expect(runNode(customTool, { ...base, customToolFunc: '  ' }, testRun())).rejects.toThrow(
      'JavaScript Function is empty',
    )
  })

  it('reports a syntax error in its code as its answer', async () => {
    const tool = (await runNode(customTool, { ...base, customToolFunc: 'return (' }, testRun())) as Tool
    await expect(tool.execute({ price: 1 }, signal)).resolves.toMatch(
      /^add_tax failed\. Custom code has a syntax error: /,
    )
  })
  it('names a broken Input Schema row', async () => {
    const schema = [{ property: 'price', type: 'money' }]
    await expect(runNode(customTool, { ...base, customToolSchema: schema }, testRun())).rejects.toThrow(
      'Input Schema row 1: type "money" must be one of string, number, boolean, date',
    )
  })

  describe('with a saved tool selected', () => {
    const saved: SavedTool = {
      id: 'tool-1',
      name: 'order_status',
      description: 'Tells where an order is',
      color: '#249BA8',
      iconSrc: null,
      schema: JSON.stringify({ type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] }),
      func: 'return `Order ${$orderId} ships from ${$vars.country}`',
      workspaceId: 'ws-1',
      createdDate: '2026-01-01T00:00:00.000Z',
      updatedDate: '2026-01-01T00:00:00.000Z',
    }
    const withSaved = () =>
      testRun({ vars: { country: 'NO' }, savedTools: { get: async (id) => (id === saved.id ? saved : undefined) } })

    it('runs the saved tool by its id', async () => {
      const tool = (await runNode(customTool, { selectedTool: 'tool-1', customToolSchema: [] }, withSaved())) as Tool
      expect(tool).toMatchObject({
        name: 'order_status',
        description: 'Tells where an order is',
        inputSchema: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
      })
      await expect(tool.execute({ orderId: 'A7' }, signal)).resolves.toBe('Order A7 ships from NO')
    })

    it('lets the fields filled in on the node override the saved tool', async () => {
      const inputs = { selectedTool: 'tool-1', customToolName: 'where_is', customToolFunc: 'return "here"' }
      const tool = (await runNode(customTool, inputs, withSaved())) as Tool
      expect(tool.name).toBe('where_is')
      expect(tool.description).toBe('Tells where an order is')
      await expect(tool.execute({ orderId: 'A7' }, signal)).resolves.toBe('here')
    })

    it('fails naming a selected tool that no longer exists', async () => {
      await expect(runNode(customTool, { selectedTool: 'gone-1' }, withSaved())).rejects.toThrow(
        'Select Tool: the saved tool gone-1 no longer exists in this workspace: pick another tool or write one in the node.',
      )
    })
  })
})
