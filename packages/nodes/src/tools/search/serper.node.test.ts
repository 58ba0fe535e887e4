import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildComponent } from '../../define-node.js'
import type { Tool } from '../../providers/chat-model.js'
import { testRun, type TestRun } from '../../runtime/test-run.js'
import { startLoopbackApi, type LoopbackApi } from '../../testing/loopback-api.js'
import { testFetch } from '../../testing/test-fetch.js'
import serper from './serper.node.js'

// A loopback stand-in of google.serper.dev: POST /search with the query as JSON and the key in X-API-KEY.

let api: LoopbackApi
beforeAll(async () => {
  api = await startLoopbackApi((request, res) => {
    const { q } = JSON.parse(request.body || '{}') as { q?: string }
    if (request.method !== 'POST' || request.url !== '/search') return res.writeHead(404).end('no such path')
    if (request.headers['x-api-key'] !== 'serper-key') return res.writeHead(403, 'Forbidden').end('Unauthorized.')
    res.setHeader('content-type', 'application/json')
    if (q === 'nothing') return res.end(JSON.stringify({ searchParameters: { q }, organic: [] }))
    if (q === 'plain')
      return res.end(
        JSON.stringify({
          organic: [{ title: 'Plain', link: 'https://plain.example/', snippet: 'Just results', position: 1 }],
        }),
      )
    res.end(
      JSON.stringify({
        searchParameters: { q, type: 'search', engine: 'google' },
        answerBox: { title: 'Norway', answer: 'Oslo' },
        knowledgeGraph: { title: 'Oslo', description: 'Capital city of Norway' },
        organic: [
          {
            title: 'Oslo - Wikipedia',
            link: 'https://en.wikipedia.org/wiki/Oslo',
            snippet: 'Capital of Norway',
            position: 1,
          },
        ],
      }),
    )
  })
})
afterAll(() => api.close())

const signal = new AbortController().signal

async function build(credential?: Record<string, string>, run: TestRun = testRun({ fetch: testFetch(api.url) })) {
  return (await buildComponent(serper, {
    nodeId: 'serper_0',
    label: 'Serper',
    inputs: {},
    ...(credential ? { credential } : {}),
    isEnding: false,
    scope: run.scope,
  })) as Tool
}

describe('Serper tool', () => {
  it("POSTs the query to Serper's /search with the key in X-API-KEY, and tells the direct answer and the results", async () => {
    const tool = await build({ serperApiKey: 'serper-key', serperApiBaseUrl: api.url })
    expect(tool.name).toBe('search')
    await expect(tool.execute({ input: 'capital of norway' }, signal)).resolves.toBe(
      'Answer: Oslo\n\nResults: [{"title":"Oslo - Wikipedia","link":"https://en.wikipedia.org/wiki/Oslo","snippet":"Capital of Norway"}]',
    )
    const sent = api.requests.at(-1)!
    expect(sent).toMatchObject({ method: 'POST', url: '/search', headers: { 'x-api-key': 'serper-key' } })
    expect(sent.headers['content-type']).toBe('application/json')
    expect(JSON.parse(sent.body)).toEqual({ q: 'capital of norway' })
  })

  it('answers the results alone when Google showed no answer, and says when nothing was found', async () => {
    const tool = await build({ serperApiKey: 'serper-key', serperApiBaseUrl: `${api.url}/` })
    await expect(tool.execute({ query: 'plain' }, signal)).resolves.toBe(
      '[{"title":"Plain","link":"https://plain.example/","snippet":"Just results"}]',
    )
    await expect(tool.execute({ input: 'nothing' }, signal)).resolves.toBe('No good search results found.')
  })

  it("tells the agent Serper's refusal as text", async () => {
    const tool = await build({ serperApiKey: 'wrong', serperApiBaseUrl: api.url })
    await expect(tool.execute({ input: 'x' }, signal)).resolves.toBe('Serper answered 403 Forbidden: Unauthorized.')
  })

  it('asks for a credential before it runs', async () => {
    await expect(build()).rejects.toThrow('Connect Credential: choose a Serper API credential with its API key.')
  })

  it('never reaches a private address the administrator did not allow', async () => {
    const before = api.requests.length
    const tool = await build({ serperApiKey: 'serper-key', serperApiBaseUrl: api.url }, testRun())
    await expect(tool.execute({ input: 'x' }, signal)).resolves.toBe(
      `Weft could not reach ${api.url}: the address is private, unreachable or refused the connection. An administrator can allow a private host by adding ${new URL(api.url).host} to WEFT_ALLOWED_PRIVATE_HOSTS.`,
    )
    expect(api.requests.length).toBe(before)
  })
})
