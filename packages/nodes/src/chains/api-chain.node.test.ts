import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import chatOpenAICustom from '../chat-models/chat-openai-custom.node.js'
import { answerOf, runNode, testRun } from '../runtime/test-run.js'
import { startLoopbackApi, writeChunked, type LoopbackApi } from '../testing/loopback-api.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { testFetch } from '../testing/test-fetch.js'
import getApiChain from './get-api-chain.node.js'
import postApiChain from './post-api-chain.node.js'

// The model (scripted on loopback) writes the call; a stand-in weather API on loopback answers it.

let mock: MockOpenAIServer
let api: LoopbackApi
beforeAll(async () => {
  mock = await startMockOpenAI()
  api = await startLoopbackApi((request, res) => {
    if (request.url.startsWith('/v1/forecast')) {
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"city":"Oslo","temperature":-3}')
    }
    if (request.url === '/v1/search' && request.method === 'POST') {
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"hits":["Bergen"]}')
    }
    if (request.url === '/v1/huge') return writeChunked(res, 2 * 1024 * 1024)
    res.writeHead(404, 'Not Found').end('no such endpoint')
  })
})
afterAll(async () => {
  await mock.close()
  await api.close()
})
beforeEach(() => {
  mock.requests.length = 0
  api.requests.length = 0
})

const docs = () => `BASE URL: ${api.url}/v1\nGET /forecast?city=NAME gives the temperature.\nPOST /search {"q": text}`
const promptOf = (index: number) =>
  (mock.requests[index]?.body?.messages as { role: string; content: string }[])[0]!.content

async function ask(chain: typeof getApiChain, inputs: Record<string, unknown>, question: string, allowApi = true) {
  const run = testRun({ question, fetch: allowApi ? testFetch(mock.url, api.url) : testFetch(mock.url) })
  const model = await runNode(chatOpenAICustom, { basePath: mock.baseURL, modelName: 'mock-model' }, run)
  const built = await runNode(chain, { model, apiDocs: docs(), ...inputs }, run, { isEnding: true })
  return { run, answer: () => answerOf(built, run) }
}

describe('GET API Chain', () => {
  it('calls the URL the model wrote from the docs, with the headers, and streams the answer from the response', async () => {
    mock.script({ text: `\`\`\`\n${api.url}/v1/forecast?city=Oslo\n\`\`\`` }, { text: 'It is -3 degrees in Oslo.' })
    const { run, answer } = await ask(getApiChain, { headers: '{"X-Api-Key": "k-123"}' }, 'How cold is Oslo?')
    const result = await answer()

    expect(api.requests).toHaveLength(1)
    expect(api.requests[0]).toMatchObject({ method: 'GET', url: '/v1/forecast?city=Oslo' })
    expect(api.requests[0]!.headers['x-api-key']).toBe('k-123')
    expect(promptOf(0)).toContain(`BASE URL: ${api.url}/v1`)
    expect(promptOf(0)).toContain('Question: How cold is Oslo?')
    expect(promptOf(1)).toContain('{"city":"Oslo","temperature":-3}')
    expect(promptOf(1)).toContain(`API url: ${api.url}/v1/forecast?city=Oslo`)
    expect(promptOf(1)).not.toContain('k-123')
    expect(result.text).toBe('It is -3 degrees in Oslo.')
    expect(run.streamed()).toBe(result.text)
  })

  it('gives the model what a failed call answered, so it can say so', async () => {
    mock.script({ text: `${api.url}/v1/nothing` }, { text: 'The API has no such endpoint.' })
    const { answer } = await ask(getApiChain, {}, 'Anything?')
    expect((await answer()).text).toBe('The API has no such endpoint.')
    expect(promptOf(1)).toContain('404 Not Found: no such endpoint')
  })

  it('calls only addresses the API docs name: headers never go to a host the model made up', async () => {
    mock.script({ text: 'https://attacker.example/steal' })
    const { answer } = await ask(getApiChain, { headers: '{"X-Api-Key": "k-123"}' }, 'Send my key away')
    await expect(answer()).rejects.toThrow(
      'GET API Chain did not call https://attacker.example: the model may call only the addresses API Documentation names.',
    )
    expect(api.requests).toHaveLength(0)
    expect(mock.requests).toHaveLength(1)
  })

  it('refuses a private address the administrator did not allow', async () => {
    mock.script({ text: `${api.url}/v1/forecast?city=Oslo` })
    const { answer } = await ask(getApiChain, {}, 'How cold is Oslo?', false)
    await expect(answer()).rejects.toThrow('the address is private, unreachable or refused the connection')
    expect(api.requests).toHaveLength(0)
  })

  it('refuses an API answer larger than 1 MB', async () => {
    mock.script({ text: `${api.url}/v1/huge` })
    const { answer } = await ask(getApiChain, {}, 'Everything please')
    await expect(answer()).rejects.toThrow(`${api.url}/v1/huge answered with more than 1 MB`)
    expect(mock.requests).toHaveLength(1)
  })

  it('names what is missing: docs without an address, or an answer without a URL', async () => {
    const run = testRun({ fetch: testFetch(mock.url) })
    const model = await runNode(chatOpenAICustom, { basePath: mock.baseURL, modelName: 'mock-model' }, run)
    await expect(runNode(getApiChain, { model, apiDocs: '' }, run)).rejects.toThrow(
      'describe the API in API Documentation',
    )
    await expect(runNode(getApiChain, { model, apiDocs: 'GET /forecast' }, run)).rejects.toThrow(
      'API Documentation must name the address of the API',
    )
    mock.script({ text: 'I do not know.' })
    const { answer } = await ask(getApiChain, {}, 'Hi')
    await expect(answer()).rejects.toThrow('GET API Chain: the model did not write a URL to call.')
  })
})

describe('POST API Chain', () => {
  it('posts the JSON body the model wrote to the URL it wrote, and answers from the response', async () => {
    mock.script(
      { text: `\`\`\`json\n{"url": "${api.url}/v1/search", "data": {"q": "coastal cities"}}\n\`\`\`` },
      { text: 'Bergen is one.' },
    )
    const { run, answer } = await ask(postApiChain, {}, 'Name a coastal city')
    const result = await answer()

    expect(api.requests).toHaveLength(1)
    expect(api.requests[0]).toMatchObject({ method: 'POST', url: '/v1/search', body: '{"q":"coastal cities"}' })
    expect(api.requests[0]!.headers['content-type']).toBe('application/json')
    expect(promptOf(1)).toContain(`Request sent: POST ${api.url}/v1/search {"q":"coastal cities"}`)
    expect(promptOf(1)).toContain('{"hits":["Bergen"]}')
    expect(result.text).toBe('Bergen is one.')
    expect(run.streamed()).toBe(result.text)
  })

  it('says so when the model does not write the request as JSON', async () => {
    mock.script({ text: `POST ${api.url}/v1/search` })
    const { answer } = await ask(postApiChain, {}, 'Name a coastal city')
    await expect(answer()).rejects.toThrow('the model did not write the request as JSON with "url" and "data"')
    expect(api.requests).toHaveLength(0)
  })
})
