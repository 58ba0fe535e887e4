import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import chatAnthropicNode from '../chat-models/chat-anthropic.node.js'
import chatOpenAINode from '../chat-models/chat-openai.node.js'
import chatOpenAICustomNode from '../chat-models/chat-openai-custom.node.js'
import type { NodeDefinition } from '../define-node.js'
import openAIEmbeddingsNode from '../embeddings/openai-embeddings.node.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { testRun } from '../runtime/test-run.js'
import { listOpenAICompatibleModels } from '../shared/server-models.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { testFetch } from '../testing/test-fetch.js'
import { chat, type ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'

// Flowise saves the Base Path of its OpenAI nodes as `basepath`. A flow pointed at a local server
// must reach that server and nothing else: read as absent, the prompts would go to api.openai.com.

let mock: MockOpenAIServer
/** Every address a node asked for; only the mock's host is let through. */
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

const credential = { openAIApiKey: 'sk-test-123', anthropicApiKey: 'sk-ant-test-123' }

function build(node: NodeDefinition, inputs: Record<string, unknown>): Promise<unknown> {
  const { scope } = testRun({ fetch })
  return node.run!({ nodeId: 'n_0', label: node.descriptor.label, inputs, credential, isEnding: false, scope })
}

describe("Flowise's basepath spelling", () => {
  it('sends a Flowise ChatOpenAI node to the server its basepath names, and nowhere else', async () => {
    asked.length = 0
    mock.script({ text: 'Answered locally.' })
    const model = (await build(chatOpenAINode, { modelName: 'gpt-4o-mini', basepath: mock.baseURL })) as ChatModel
    const result = await chat(model, {
      messages: [{ role: 'user', content: 'Where am I?' }],
      signal: new AbortController().signal,
    })
    expect(result.text).toBe('Answered locally.')
    expect(mock.requests.at(-1)!.path).toBe('/v1/chat/completions')
    expect(asked.length).toBeGreaterThan(0)
    expect(asked.every((href) => href.startsWith(mock.baseURL))).toBe(true)
  })

  it('does the same for the compatible chat model and OpenAI Embeddings', async () => {
    asked.length = 0
    mock.script({ text: 'Compatible.' })
    const custom = (await build(chatOpenAICustomNode, { modelName: 'm', basepath: mock.baseURL })) as ChatModel
    const answer = await chat(custom, {
      messages: [{ role: 'user', content: 'Hi' }],
      signal: new AbortController().signal,
    })
    expect(answer.text).toBe('Compatible.')
    const embedder = (await build(openAIEmbeddingsNode, { basepath: mock.baseURL, dimensions: '4' })) as Embedder
    expect(await embedder.embed(['a'])).toHaveLength(1)
    expect(mock.requests.at(-1)!.path).toBe('/v1/embeddings')
    expect(asked.every((href) => href.startsWith(mock.baseURL))).toBe(true)
  })

  it('sends a ChatAnthropic node to the address under either spelling', async () => {
    asked.length = 0
    mock.script({ text: 'Claude, locally.' })
    const model = (await build(chatAnthropicNode, {
      modelName: 'claude-sonnet-4-5',
      basepath: mock.baseURL,
    })) as ChatModel
    const result = await chat(model, {
      messages: [{ role: 'user', content: 'Hi' }],
      signal: new AbortController().signal,
    })
    expect(result.text).toBe('Claude, locally.')
    expect(mock.requests.at(-1)!.path).toBe('/v1/messages')
    expect(asked.every((href) => href.startsWith(mock.baseURL))).toBe(true)
  })

  it("lists the models of the server a Flowise node's basepath names", async () => {
    asked.length = 0
    const options = await listOpenAICompatibleModels()({ inputs: { basepath: mock.baseURL }, fetch })
    expect(options).toEqual([{ label: 'mock-model', name: 'mock-model' }])
    expect(asked).toEqual([`${mock.baseURL}/models`])
  })
})
