import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildComponent, type NodeDefinition } from '../../define-node.js'
import type { Tool } from '../../providers/chat-model.js'
import { testRun, type TestRun } from '../../runtime/test-run.js'
import { testFetch } from '../../testing/test-fetch.js'
import braveSearchAPI from './brave-search-api.node.js'
import googleCustomSearch from './google-custom-search.node.js'
import searXNG from './searxng.node.js'
import serpAPI from './serp-api.node.js'
import tavilyAPI from './tavily-api.node.js'

// One loopback stand-in answering as each search service does, recording what it was sent.

interface Received {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: string
}

const ANSWERS: Record<string, unknown> = {
  '/search?engine=google': {
    answer_box: { answer: 'Oslo' },
    organic_results: [
      { title: 'Oslo - Wikipedia', link: 'https://en.wikipedia.org/wiki/Oslo', snippet: 'Capital of Norway' },
    ],
  },
  '/customsearch/v1': {
    items: [{ title: 'Weft', link: 'https://weft.example/', snippet: 'Build flows', kind: 'customsearch#result' }],
  },
  '/res/v1/web/search': {
    web: { results: [{ title: 'Brave result', url: 'https://brave.example/', description: 'Found by Brave' }] },
  },
  '/search-tavily': {
    answer: 'It is sunny.',
    results: [{ title: 'Weather', url: 'https://weather.example/', content: 'Sunny all day', score: 0.9 }],
  },
  '/searxng/search': {
    results: [{ title: 'SearXNG result', url: 'https://searx.example/', content: 'Meta found', engine: 'ddg' }],
    answers: [],
    infoboxes: [],
    suggestions: [],
  },
}

let server: Server
let base: string
const received: Received[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      const url = new URL(request.url!, 'http://stand-in')
      received.push({
        method: request.method!,
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body,
      })
      const key =
        url.pathname === '/search' && url.searchParams.get('engine') === 'google'
          ? '/search?engine=google'
          : url.pathname === '/search' && request.method === 'POST'
            ? '/search-tavily'
            : url.pathname
      if (url.searchParams.get('q') === 'fail') return response.writeHead(429, 'Too Many Requests').end('slow down')
      if (url.searchParams.get('q') === 'nothing')
        return response.end(JSON.stringify({ results: [], answers: [], infoboxes: [], suggestions: [] }))
      const answer = ANSWERS[key]
      if (!answer) return response.writeHead(404, 'Not Found').end('no such path')
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(answer))
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

/** Builds the node as the engine does, with its credential decrypted; the stand-in is allowed unless `guarded`. */
async function build(
  node: NodeDefinition,
  inputs: Record<string, unknown>,
  credential?: Record<string, string>,
  run: TestRun = testRun({ fetch: testFetch(base) }),
): Promise<Tool> {
  return (await buildComponent(node, {
    nodeId: `${node.descriptor.name}_0`,
    label: node.descriptor.label,
    inputs,
    ...(credential ? { credential } : {}),
    isEnding: false,
    scope: run.scope,
  })) as Tool
}

describe('Serp API tool', () => {
  it('searches Google through SerpAPI with the key and tells the direct answer and the results', async () => {
    const tool = await build(serpAPI, {}, { serpApiKey: 'serp-key', serpApiBaseUrl: base })
    expect(tool.name).toBe('search')
    const answer = await tool.execute({ input: 'capital of norway' }, signal)
    expect(answer).toBe(
      'Answer: Oslo\n\nResults: [{"title":"Oslo - Wikipedia","link":"https://en.wikipedia.org/wiki/Oslo","snippet":"Capital of Norway"}]',
    )
    const sent = received.at(-1)!
    expect(sent).toMatchObject({ method: 'GET', path: '/search' })
    expect(Object.fromEntries(sent.query)).toEqual({ engine: 'google', q: 'capital of norway', api_key: 'serp-key' })
  })

  it('asks for a credential before it runs', async () => {
    await expect(build(serpAPI, {})).rejects.toThrow(
      'Connect Credential: choose a Serp API credential with its API key.',
    )
  })

  it('answers the service refusing as text, without the key that was in the address', async () => {
    const tool = await build(serpAPI, {}, { serpApiKey: 'serp-key', serpApiBaseUrl: base })
    const answer = await tool.execute({ input: 'fail' }, signal)
    expect(answer).toBe('SerpAPI answered 429 Too Many Requests: slow down')
  })
})

describe('Google Custom Search tool', () => {
  it('sends the key and the engine id, and answers title, link and snippet of each item', async () => {
    const credential = {
      googleCustomSearchApiKey: 'g-key',
      googleCustomSearchApiId: 'cse-1',
      googleCustomSearchApiBaseUrl: base,
    }
    const tool = await build(googleCustomSearch, {}, credential)
    expect(tool.name).toBe('google-custom-search')
    await expect(tool.execute({ input: 'weft' }, signal)).resolves.toBe(
      '[{"title":"Weft","link":"https://weft.example/","snippet":"Build flows"}]',
    )
    const sent = received.at(-1)!
    expect(sent.path).toBe('/customsearch/v1')
    expect(Object.fromEntries(sent.query)).toEqual({ key: 'g-key', cx: 'cse-1', q: 'weft' })
  })

  it('needs the engine id as well as the key', async () => {
    await expect(build(googleCustomSearch, {}, { googleCustomSearchApiKey: 'g-key' })).rejects.toThrow(
      'Connect Credential: choose a Google Custom Search API credential',
    )
  })
})

describe('BraveSearch API tool', () => {
  it('sends the key in X-Subscription-Token, never in the address', async () => {
    const tool = await build(braveSearchAPI, {}, { braveApiKey: 'brave-key', braveApiBaseUrl: `${base}/` })
    await expect(tool.execute({ query: 'brave things' }, signal)).resolves.toBe(
      '[{"title":"Brave result","link":"https://brave.example/","snippet":"Found by Brave"}]',
    )
    const sent = received.at(-1)!
    expect(sent).toMatchObject({ path: '/res/v1/web/search', headers: { 'x-subscription-token': 'brave-key' } })
    expect(Object.fromEntries(sent.query)).toEqual({ q: 'brave things' })
  })
})

describe('Tavily API tool', () => {
  it("POSTs the query with the node's settings and a Bearer key, and tells Tavily's answer with the results", async () => {
    const inputs = {
      topic: 'news',
      maxResults: '3',
      includeAnswer: true,
      days: 2,
      excludeDomains: 'a.example, b.example',
    }
    const tool = await build(tavilyAPI, inputs, { tavilyApiKey: 'tvly-key', tavilyApiBaseUrl: base })
    const answer = await tool.execute({ input: 'weather in Bergen' }, signal)
    expect(answer).toBe(
      'Answer: It is sunny.\n\n[{"title":"Weather","link":"https://weather.example/","snippet":"Sunny all day"}]',
    )
    const sent = received.at(-1)!
    expect(sent).toMatchObject({ method: 'POST', path: '/search', headers: { authorization: 'Bearer tvly-key' } })
    expect(JSON.parse(sent.body)).toEqual({
      query: 'weather in Bergen',
      topic: 'news',
      search_depth: 'basic',
      max_results: 3,
      days: 2,
      include_answer: true,
      exclude_domains: ['a.example', 'b.example'],
    })
  })
})

describe('SearXNG tool', () => {
  it('searches the server at Base URL with the chosen settings and headers, under the name the user gave', async () => {
    const inputs = {
      apiBase: `${base}/searxng`,
      toolName: 'web_search',
      headers: '{"X-Api-Key": "sx"}',
      engines: 'duckduckgo,wikipedia',
      language: 'en',
      safesearch: 1,
    }
    const tool = await build(searXNG, inputs)
    expect(tool.name).toBe('web_search')
    await expect(tool.execute({ input: 'metasearch' }, signal)).resolves.toBe(
      '[{"title":"SearXNG result","link":"https://searx.example/","snippet":"Meta found"}]',
    )
    const sent = received.at(-1)!
    expect(sent).toMatchObject({ method: 'GET', path: '/searxng/search', headers: { 'x-api-key': 'sx' } })
    expect(Object.fromEntries(sent.query)).toEqual({
      q: 'metasearch',
      format: 'json',
      engines: 'duckduckgo,wikipedia',
      language: 'en',
      safesearch: '1',
    })
  })

  it('says when nothing was found, and names a missing Base URL', async () => {
    const tool = await build(searXNG, { apiBase: `${base}/searxng` })
    await expect(tool.execute({ input: 'nothing' }, signal)).resolves.toBe('No good search results found.')
    await expect(build(searXNG, { apiBase: ' ' })).rejects.toThrow('Base URL is empty')
  })
})

describe('every search tool', () => {
  it('never reaches a private address the administrator did not allow', async () => {
    const before = received.length
    const guarded = () => testRun()
    const refusal = `Weft could not reach ${base}: the address is private, unreachable or refused the connection. An administrator can allow a private host by adding ${new URL(base).host} to WEFT_ALLOWED_PRIVATE_HOSTS.`
    const tools = [
      await build(serpAPI, {}, { serpApiKey: 'k', serpApiBaseUrl: base }, guarded()),
      await build(
        googleCustomSearch,
        {},
        { googleCustomSearchApiKey: 'k', googleCustomSearchApiId: 'c', googleCustomSearchApiBaseUrl: base },
        guarded(),
      ),
      await build(braveSearchAPI, {}, { braveApiKey: 'k', braveApiBaseUrl: base }, guarded()),
      await build(tavilyAPI, {}, { tavilyApiKey: 'k', tavilyApiBaseUrl: base }, guarded()),
      await build(searXNG, { apiBase: base }, undefined, guarded()),
    ]
    for (const tool of tools) await expect(tool.execute({ input: 'x' }, signal), tool.name).resolves.toBe(refusal)
    expect(received.length).toBe(before)
  })
})
