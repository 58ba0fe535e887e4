import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runNode, testRun } from '../runtime/test-run.js'
import { startLoopbackApi, writeChunked, type LoopbackApi } from '../testing/loopback-api.js'
import { testFetch } from '../testing/test-fetch.js'
import apiLoader from './api-loader.node.js'

let api: LoopbackApi
beforeAll(async () => {
  api = await startLoopbackApi((request, res) => {
    if (request.url === '/items') {
      return res
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        .end('[{"name":"Kettle","price":30},{"name":"Mug","price":5}]')
    }
    if (request.url === '/report' && request.method === 'POST') {
      return res.writeHead(200, { 'content-type': 'text/plain' }).end(`Report for ${request.body}`)
    }
    if (request.url === '/broken') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":')
    if (request.url === '/huge') return writeChunked(res, 11 * 1024 * 1024)
    res.writeHead(404, 'Not Found').end('nothing here')
  })
})
afterAll(() => api.close())
beforeEach(() => {
  api.requests.length = 0
})

const load = (inputs: Record<string, unknown>, allowApi = true, output?: string) =>
  runNode(apiLoader, inputs, testRun({ fetch: allowApi ? testFetch(api.url) : testFetch() }), output ? { output } : {})

describe('API Loader', () => {
  it('GETs the URL with the headers and gives one document per item of a JSON array', async () => {
    const documents = await load({ url: `${api.url}/items`, headers: { Authorization: 'Bearer t-1' } })
    expect(documents).toEqual([
      { pageContent: '{"name":"Kettle","price":30}', metadata: { source: `${api.url}/items`, item: 1 } },
      { pageContent: '{"name":"Mug","price":5}', metadata: { source: `${api.url}/items`, item: 2 } },
    ])
    expect(api.requests[0]).toMatchObject({ method: 'GET', url: '/items' })
    expect(api.requests[0]!.headers.authorization).toBe('Bearer t-1')
  })

  it('POSTs the Body as JSON and reads a text answer as one document, with Additional Metadata', async () => {
    const documents = await load({
      method: 'POST',
      url: `${api.url}/report`,
      body: '{"month": "May"}',
      metadata: '{"team": "sales"}',
    })
    expect(documents).toEqual([
      { pageContent: 'Report for {"month":"May"}', metadata: { source: `${api.url}/report`, team: 'sales' } },
    ])
    expect(api.requests[0]!.headers['content-type']).toBe('application/json')
    expect(await load({ method: 'POST', url: `${api.url}/report`, body: '{"month": "May"}' }, true, 'text')).toBe(
      'Report for {"month":"May"}',
    )
  })

  it('refuses a private address the administrator did not allow', async () => {
    await expect(load({ url: `${api.url}/items` }, false)).rejects.toThrow(
      'the address is private, unreachable or refused the connection',
    )
    expect(api.requests).toHaveLength(0)
  })

  it('refuses an answer larger than 10 MB', async () => {
    await expect(load({ url: `${api.url}/huge` })).rejects.toThrow(`${api.url}/huge answered with more than 10 MB`)
  })

  it('says what went wrong: a failed answer, broken JSON, a bad URL or Body', async () => {
    await expect(load({ url: `${api.url}/missing?key=secret` })).rejects.toThrow(
      `${api.url}/missing answered 404 Not Found.`,
    )
    await expect(load({ url: `${api.url}/broken` })).rejects.toThrow(
      `${api.url}/broken answered with JSON that does not parse`,
    )
    await expect(load({ url: 'ftp://example.com/x' })).rejects.toThrow(
      'URL must be a web address starting with http://',
    )
    await expect(load({ url: '' })).rejects.toThrow('Write the address of the API to call in URL.')
    await expect(load({ method: 'POST', url: `${api.url}/report`, body: '[1' })).rejects.toThrow(
      'Body is not valid JSON',
    )
    expect(api.requests.map((request) => request.url)).toEqual(['/missing?key=secret', '/broken'])
  })
})
