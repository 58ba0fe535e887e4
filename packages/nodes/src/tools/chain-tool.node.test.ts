import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import toolAgent from '../agents/tool-agent.node.js'
import llmChain from '../chains/llm-chain.node.js'
import retrievalQAChain from '../chains/retrieval-qa-chain.node.js'
import chatOpenAICustom from '../chat-models/chat-openai-custom.node.js'
import promptTemplate from '../prompts/prompt-template.node.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { answerOf, runNode, testRun } from '../runtime/test-run.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { testFetch } from '../testing/test-fetch.js'
import { handbook } from '../testing/vector-store-node-cases.js'
import memoryVectorStore from '../vector-stores/memory-vector-store.node.js'
import chainTool from './chain-tool.node.js'

// A Tool Agent (its model a scripted OpenAI stand-in on loopback) asks a chain through the Chain Tool.

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

type Messages = { role: string; content: string }[]
const sentMessages = (index: number) => mock.requests[index]!.body!.messages as Messages

async function setUp(question: string) {
  const run = testRun({ question, flowId: randomUUID(), fetch: testFetch(mock.url) })
  const model = await runNode(chatOpenAICustom, { basePath: mock.baseURL, modelName: 'mock-model' }, run)
  return { run, model }
}

describe('Chain Tool', () => {
  it("asks a Retrieval QA Chain the agent's question and gives the agent its answer", async () => {
    mock.script(
      { toolCalls: [{ name: 'handbook_qa', arguments: { input: 'When is team lunch?' } }] },
      { text: 'Team lunch is on Thursdays.' },
      { text: 'You can join the team lunch on Thursday.' },
    )
    const { run, model } = await setUp('Can I meet the team this week?')
    const store = await runNode(
      memoryVectorStore,
      { embeddings: hashingEmbedder(), document: [handbook], topK: 1 },
      run,
    )
    const chain = await runNode(retrievalQAChain, { model, vectorStoreRetriever: store }, run)
    const tool = await runNode(
      chainTool,
      { name: 'handbook_qa', description: 'Answers questions about the staff handbook', baseChain: chain },
      run,
    )
    const answer = await answerOf(await runNode(toolAgent, { model, tools: [tool] }, run, { isEnding: true }), run)

    expect(answer.text).toBe('You can join the team lunch on Thursday.')
    expect(answer.usedTools).toEqual([
      { tool: 'handbook_qa', toolInput: { input: 'When is team lunch?' }, toolOutput: 'Team lunch is on Thursdays.' },
    ])
    // The chain searched and was asked with the agent's question, not the user's.
    const chainCall = sentMessages(1)
    expect(chainCall[0]!.content).toContain('Team lunch is on Thursdays.')
    expect(chainCall.at(-1)).toEqual({ role: 'user', content: 'When is team lunch?' })
    // Only the agent's own answer was streamed to the user; the documents the chain found were shown.
    expect(run.streamed()).toBe(answer.text)
    expect(run.events.some((event) => event.event === 'sourceDocuments')).toBe(true)
  })

  it("fills an LLM Chain's prompt anew with the agent's question, and can return its answer directly", async () => {
    mock.script({ toolCalls: [{ name: 'translate', arguments: { input: 'Good morning' } }] }, { text: 'Bonjour' })
    const { run, model } = await setUp('How do the French greet in the morning?')
    const prompt = await runNode(promptTemplate, { template: 'Translate to French: {text}' }, run)
    const chain = await runNode(llmChain, { model, prompt }, run)
    const tool = await runNode(
      chainTool,
      { name: 'translate', description: 'Translates text to French', baseChain: chain, returnDirect: true },
      run,
    )
    const answer = await answerOf(await runNode(toolAgent, { model, tools: [tool] }, run), run)

    expect(sentMessages(1)).toEqual([{ role: 'user', content: 'Translate to French: Good morning' }])
    expect(answer.text).toBe('Bonjour')
    expect(mock.requests).toHaveLength(2)
  })

  it('names what is missing', async () => {
    const { run } = await setUp('Hi')
    await expect(runNode(chainTool, { name: 'a b', description: 'x' }, run)).rejects.toThrow('Chain Name "a b"')
    await expect(runNode(chainTool, { name: 'qa', description: '' }, run)).rejects.toThrow('write a Chain Description')
    await expect(runNode(chainTool, { name: 'qa', description: 'x' }, run)).rejects.toThrow(
      'connect a chain to Base Chain',
    )
  })
})
