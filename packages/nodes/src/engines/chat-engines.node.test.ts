import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ChatTurn } from '@weft/core'
import chatOpenAILlamaIndex from '../chat-models/chat-openai-llamaindex.node.js'
import bufferMemory from '../memory/buffer-memory.node.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { answerOf, runNode, testRun } from '../runtime/test-run.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { runModelNode } from '../testing/run-model-node.js'
import { testFetch } from '../testing/test-fetch.js'
import { handbook } from '../testing/vector-store-node-cases.js'
import memoryVectorStore from '../vector-stores/memory-vector-store.node.js'
import contextChatEngine from './context-chat-engine.node.js'
import simpleChatEngine from './simple-chat-engine.node.js'

// ChatOpenAI (LlamaIndex) answers from a scripted OpenAI stand-in on loopback; the Context Chat
// Engine's passages come from the In-Memory Vector Store with the built-in hashing embedder.

let mock: MockOpenAIServer
let openAIHere: OutboundFetch
beforeAll(async () => {
  mock = await startMockOpenAI()
  const guarded = testFetch(mock.url)
  openAIHere = (input, init) =>
    guarded(String(input instanceof Request ? input.url : input).replace('https://api.openai.com', mock.url), init)
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

type Messages = { role: string; content: string }[]
const stored: Record<string, ChatTurn[]> = {
  'session-1': [
    { role: 'userMessage', content: 'I am Bo.' },
    { role: 'apiMessage', content: 'Hello Bo.' },
  ],
}

async function setUp(question: string) {
  const run = testRun({ question, flowId: randomUUID(), fetch: openAIHere, stored })
  const model = await runModelNode(chatOpenAILlamaIndex, { modelName: 'gpt-4o' }, { openAIApiKey: 'sk-x' }, openAIHere)
  const memory = await runNode(bufferMemory, {}, run)
  return { run, model, memory }
}

describe('Simple Chat Engine', () => {
  it('sends the system message, the remembered turns and the question, and streams the answer', async () => {
    mock.script({ text: 'Your name is Bo.' })
    const { run, model, memory } = await setUp('What is my name?')
    const built = await runNode(simpleChatEngine, { model, memory, systemMessagePrompt: 'Be brief.' }, run, {
      isEnding: true,
    })
    const answer = await answerOf(built, run)

    expect(mock.requests[0]!.body!.messages as Messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'I am Bo.' },
      { role: 'assistant', content: 'Hello Bo.' },
      { role: 'user', content: 'What is my name?' },
    ])
    expect(answer.text).toBe('Your name is Bo.')
    expect(run.streamed()).toBe('Your name is Bo.')
  })
})

describe('Context Chat Engine', () => {
  it('answers from the passages found and the conversation, and returns the passages when asked', async () => {
    mock.script({ text: 'On Thursdays, Bo.' })
    const { run, model, memory } = await setUp('When is team lunch?')
    const vectorStoreRetriever = await runNode(
      memoryVectorStore,
      { embeddings: hashingEmbedder(), document: [handbook], topK: 1 },
      run,
    )
    const built = await runNode(
      contextChatEngine,
      {
        model,
        vectorStoreRetriever,
        memory,
        returnSourceDocuments: true,
        systemMessagePrompt: 'You are the handbook.',
      },
      run,
    )
    const answer = await answerOf(built, run)

    const messages = mock.requests[0]!.body!.messages as Messages
    expect(messages[0]!.role).toBe('system')
    expect(messages[0]!.content.startsWith('You are the handbook.\n\n')).toBe(true)
    expect(messages[0]!.content).toContain('Team lunch is on Thursdays.')
    expect(messages.slice(1).map((message) => message.content)).toEqual([
      'I am Bo.',
      'Hello Bo.',
      'When is team lunch?',
    ])
    expect(answer.text).toBe('On Thursdays, Bo.')
    expect(answer.sourceDocuments?.map((document) => document.pageContent)).toEqual(['Team lunch is on Thursdays.'])
    expect(run.events.at(-1)).toEqual({ event: 'sourceDocuments', data: answer.sourceDocuments })
  })

  it('names what is missing', async () => {
    const { run, model } = await setUp('Hi')
    await expect(runNode(contextChatEngine, { model }, run)).rejects.toThrow(
      'Connect a vector store to Vector Store Retriever.',
    )
    await expect(runNode(contextChatEngine, {}, run)).rejects.toThrow('Connect a chat model to Chat Model.')
  })
})
