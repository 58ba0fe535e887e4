import { nodes, type OutboundFetch } from '@weft/nodes'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { flowiseLlmChain, flowiseToolAgent } from '../../../core/src/graph/flowise-export-fixture.js'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { testFetch } from '../../../nodes/src/testing/test-fetch.js'
import { testRun, testServices } from '../testing/test-flow.js'
import { collectAnswer } from './collect-answer.js'
import { runChatflow } from './run-chatflow.js'

// Flows exported from Flowise name their model server and their tool's address in Flowise's
// spellings (`basepath`, `requestsGetUrl`). Run through the real catalogue, they must reach the
// loopback server they name, and nothing else: read as absent, a base path sends the prompt to
// api.openai.com and a Requests Get URL becomes the model's choice.

let mock: MockOpenAIServer
/** Every address the run asked for; only the mock's host is let through. */
const asked: string[] = []
let fetch: OutboundFetch

beforeAll(async () => {
  mock = await startMockOpenAI()
  const guard = testFetch(mock.url)
  const mockHost = new URL(mock.url).host
  fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    asked.push(url.href)
    if (url.host !== mockHost) throw new Error(`the test lets no request leave for ${url.host}`)
    return guard(input, init)
  }
})
afterAll(() => mock.close())
beforeEach(() => {
  asked.length = 0
  mock.requests.length = 0
})

const services = () => testServices([...nodes], { fetch, credential: async () => ({ openAIApiKey: 'sk-test-4711' }) })

describe('a flow exported from Flowise, run', () => {
  it("sends the prompt to the server its model's basepath names, and nowhere else", async () => {
    mock.script({ text: 'Answered by the local server.' })
    const answer = await collectAnswer(
      runChatflow(testRun(flowiseLlmChain(mock.baseURL, 'credential-1'), { question: 'Where am I?' }), services()),
    )
    expect(answer.error).toBeUndefined()
    expect(answer.text).toBe('Answered by the local server.')
    expect(mock.requests.map((request) => request.path)).toEqual(['/v1/chat/completions'])
    expect(JSON.stringify(mock.requests[0]!.body)).toContain('Answer briefly: Where am I?')
    expect(asked.length).toBeGreaterThan(0)
    expect(asked.every((href) => href.startsWith(mock.baseURL))).toBe(true)
  })

  it('calls the address its Requests Get tool names under the Flowise spelling', async () => {
    mock.script({ toolCalls: [{ name: 'requests_get', arguments: {} }] }, { text: 'The server has mock-model.' })
    const answer = await collectAnswer(
      runChatflow(
        testRun(flowiseToolAgent(mock.baseURL, `${mock.baseURL}/models`, 'credential-1'), {
          question: 'Which models?',
        }),
        services(),
      ),
    )
    expect(answer.error).toBeUndefined()
    expect(answer.text).toBe('The server has mock-model.')
    expect(mock.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/chat/completions',
      'GET /v1/models',
      'POST /v1/chat/completions',
    ])
    expect(asked.every((href) => href.startsWith(mock.baseURL))).toBe(true)
  })
})
