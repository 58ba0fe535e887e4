import { describe, expect, it } from 'vitest'
import type { NodeDefinition, NodeRunContext } from '../define-node.js'
import chatAnthropic from '../chat-models/chat-anthropic.node.js'
import chatOffline from '../chat-models/chat-offline.node.js'
import chatOllama from '../chat-models/chat-ollama.node.js'
import chatOpenAI from '../chat-models/chat-openai.node.js'
import chatOpenAICustom from '../chat-models/chat-openai-custom.node.js'
import offlineEmbeddings from '../embeddings/offline-embeddings.node.js'
import ollamaEmbeddings from '../embeddings/ollama-embeddings.node.js'
import openAIEmbeddings from '../embeddings/openai-embeddings.node.js'
import openAIEmbeddingsCustom from '../embeddings/openai-embeddings-custom.node.js'
import { testRun } from '../runtime/test-run.js'
import { isChatModel } from './chat-model.js'
import { isEmbedder } from './embedder.js'

// What the engine gets back from each model node: of the scope these nodes read only the outbound guard.
const run = (node: NodeDefinition, inputs: Record<string, unknown>, credential?: Record<string, string>) =>
  node.run!({
    nodeId: `${node.descriptor.name}_0`,
    label: node.descriptor.label,
    inputs,
    credential,
    isEnding: false,
    scope: testRun().scope,
  } as NodeRunContext)

describe('model node runs', () => {
  it('build chat models that say which model they are', async () => {
    const key = { openAIApiKey: 'k' }
    const built = await Promise.all([
      run(chatOffline, { streaming: 'false' }),
      run(chatOpenAI, { modelName: 'gpt-4o' }, key),
      run(chatAnthropic, { modelName: 'claude-opus-4-1' }, { anthropicApiKey: 'k' }),
      run(chatOpenAICustom, { basePath: 'http://127.0.0.1:9/v1', modelName: 'qwen' }),
      run(chatOllama, { modelName: 'llama3.2' }),
    ])
    expect(built.every(isChatModel)).toBe(true)
    expect(built.map((model) => (isChatModel(model) ? model.label : ''))).toEqual([
      'Built-in Responder (not an LLM)',
      'OpenAI gpt-4o',
      'Anthropic claude-opus-4-1',
      'qwen at http://127.0.0.1:9/v1',
      'Ollama llama3.2',
    ])
    expect(built[0]).toMatchObject({ streaming: false })
  })

  it('build embedders, the offline one with its dimensions', async () => {
    const built = await Promise.all([
      run(offlineEmbeddings, { dimensions: '128' }),
      run(openAIEmbeddings, {}, { openAIApiKey: 'k' }),
      run(openAIEmbeddingsCustom, { basePath: 'http://127.0.0.1:9/v1', modelName: 'bge' }),
      run(ollamaEmbeddings, {}),
    ])
    expect(built.every(isEmbedder)).toBe(true)
    expect(built[0]).toMatchObject({ label: 'Hashing embedder (lexical, 128 dimensions)' })
  })

  it('refuse to build a provider model without its API key', async () => {
    await expect(run(chatOpenAI, {})).rejects.toThrow('ChatOpenAI needs an OpenAI API key')
    await expect(run(openAIEmbeddings, {}, {})).rejects.toThrow('OpenAI Embeddings needs an OpenAI API key')
  })
})
