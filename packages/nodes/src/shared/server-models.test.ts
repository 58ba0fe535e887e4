import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { testFetch } from '../testing/test-fetch.js'
import { listOllamaModels, listOpenAICompatibleModels } from './server-models.js'

let server: Server | undefined
let received = 0

/** A fake model server answering `answer` for every request; resolves to its address. */
async function serve(
  answer: (url: string) => { status: number; body?: unknown; text?: string } | undefined,
): Promise<string> {
  server = createServer((request, response) => {
    received += 1
    const reply = answer(request.url ?? '')
    if (!reply) return // never answers
    response
      .writeHead(reply.status, { 'content-type': 'application/json' })
      .end(reply.text ?? JSON.stringify(reply.body ?? {}))
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  server = undefined
  received = 0
})

describe('models listed by a running server', () => {
  it('lists the models pulled into Ollama', async () => {
    const baseUrl = await serve((url) =>
      url === '/api/tags'
        ? { status: 200, body: { models: [{ name: 'llama3.2:latest' }, { name: 'qwen3:8b' }] } }
        : { status: 404 },
    )
    const options = await listOllamaModels('llama3.2')({
      inputs: { baseUrl: `${baseUrl}/` },
      fetch: testFetch(baseUrl),
    })
    expect(options.map((option) => option.name)).toEqual(['llama3.2:latest', 'qwen3:8b'])
  })

  it('lists the models of an OpenAI-compatible server below its base path', async () => {
    const address = await serve((url) =>
      url === '/v1/models' ? { status: 200, body: { data: [{ id: 'mistral-7b-instruct' }] } } : { status: 404 },
    )
    const options = await listOpenAICompatibleModels()({
      inputs: { basePath: `${address}/v1` },
      fetch: testFetch(address),
    })
    expect(options).toEqual([{ label: 'mistral-7b-instruct', name: 'mistral-7b-instruct' }])
  })

  it('falls back to one option that says why, when the server fails or has no models', async () => {
    const failing = await serve(() => ({ status: 500 }))
    const [failed, ...rest] = await listOpenAICompatibleModels()({
      inputs: { basePath: failing },
      fetch: testFetch(failing),
    })
    expect(rest).toEqual([])
    expect(failed?.description).toMatch(/HTTP 500/)
    server?.close()
    const empty = await serve(() => ({ status: 200, body: { models: [] } }))
    const [suggested] = await listOllamaModels('llama3.2')({ inputs: { baseUrl: empty }, fetch: testFetch(empty) })
    expect(suggested).toMatchObject({ name: 'llama3.2' })
    expect(suggested?.description).toMatch(/ollama pull llama3.2.*no models installed yet/)
  })

  it('gives up on a server that does not answer within 2 s', async () => {
    const silent = await serve(() => undefined)
    const started = Date.now()
    const [fallback] = await listOllamaModels('llama3.2')({ inputs: { baseUrl: silent }, fetch: testFetch(silent) })
    expect(Date.now() - started).toBeLessThan(3500)
    expect(fallback?.description).toMatch(/did not answer within 2 s/)
  })

  it('stops at once when the caller aborts', async () => {
    const silent = await serve(() => undefined)
    const controller = new AbortController()
    const started = Date.now()
    const pending = listOllamaModels('llama3.2')({
      inputs: { baseUrl: silent },
      signal: controller.signal,
      fetch: testFetch(silent),
    })
    controller.abort()
    const [fallback] = await pending
    expect(Date.now() - started).toBeLessThan(1000)
    expect(fallback?.name).toBe('llama3.2')
  })

  it('does not call a private address the administrator did not allow, and says how to allow it', async () => {
    const inside = await serve(() => ({ status: 200, body: { models: [{ name: 'secret-model' }] } }))
    const host = new URL(inside).host
    for (const baseUrl of [
      inside,
      inside.replace('127.0.0.1', '[::ffff:127.0.0.1]'),
      inside.replace('127.0.0.1', '2130706433'),
    ]) {
      const options = await listOllamaModels('llama3.2')({ inputs: { baseUrl }, fetch: testFetch() })
      expect(options).toEqual([
        {
          label: 'llama3.2',
          name: 'llama3.2',
          description: expect.stringContaining(`An administrator can allow a private host by adding`) as string,
        },
      ])
      expect(JSON.stringify(options)).not.toContain('secret-model')
    }
    const [closed] = await listOllamaModels('llama3.2')({
      inputs: { baseUrl: 'http://127.0.0.1:1' },
      fetch: testFetch(),
    })
    const [refused] = await listOllamaModels('llama3.2')({ inputs: { baseUrl: inside }, fetch: testFetch() })
    expect(refused!.description!.replaceAll(host, '<host>')).toBe(
      closed!.description!.replaceAll('127.0.0.1:1', '<host>'),
    )
    expect(received).toBe(0)
  })

  it('does not quote what a server answered when it is not a model list', async () => {
    const html = await serve(() => ({ status: 200, text: '<html>secret page</html>' }))
    const [fallback] = await listOllamaModels('llama3.2')({ inputs: { baseUrl: html }, fetch: testFetch(html) })
    expect(fallback?.description).toMatch(/its answer is not a list of models/)
    expect(fallback?.description).not.toMatch(/secret|html/)
  })
})
