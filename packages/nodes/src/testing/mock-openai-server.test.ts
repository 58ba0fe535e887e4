import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from './mock-openai-server.js'

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI({ defaultText: 'Default answer.' })
})
afterAll(() => mock.close())

const post = (path: string, body: unknown) =>
  fetch(`${mock.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

const frames = (text: string) =>
  text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => frame.slice('data: '.length))

describe('the mock OpenAI server', () => {
  it('streams chunks, a usage chunk when asked, and [DONE]', async () => {
    mock.script({ text: 'Hi there', usage: { promptTokens: 3, completionTokens: 2 } })
    const response = await post('/chat/completions', {
      model: 'm',
      stream: true,
      stream_options: { include_usage: true },
    })
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const data = frames(await response.text())
    expect(data.at(-1)).toBe('[DONE]')
    const chunks = data.slice(0, -1).map((frame) => JSON.parse(frame))
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content)).toEqual(['Hi ', 'there', undefined, undefined])
    expect(chunks[2].choices[0].finish_reason).toBe('stop')
    expect(chunks[3].usage).toEqual({ prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 })
  })

  it('answers the default text as JSON when nothing is scripted, and records the request', async () => {
    const response = await fetch(`${mock.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'Hello' }] }),
    })
    const body = await response.json()
    expect(body.choices[0].message.content).toBe('Default answer.')
    const request = mock.requests.at(-1)!
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      headers: { authorization: 'Bearer k' },
    })
    await expect(request.outcome).resolves.toBe('completed')
  })

  it('answers a scripted HTTP error with its body', async () => {
    mock.script({ status: 503, body: { error: { message: 'busy' } } })
    const response = await post('/chat/completions', { model: 'm' })
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ error: { message: 'busy' } })
  })

  it('lists a model and embeds deterministically', async () => {
    const models = await (await fetch(`${mock.baseURL}/models`)).json()
    expect(models.data[0].id).toBe('mock-model')
    const first = await (await post('/embeddings', { model: 'e', input: ['a b'] })).json()
    const second = await (await post('/embeddings', { model: 'e', input: ['a b'] })).json()
    expect(first.data[0].embedding).toHaveLength(8)
    expect(first.data[0].embedding).toEqual(second.data[0].embedding)
  })
})
