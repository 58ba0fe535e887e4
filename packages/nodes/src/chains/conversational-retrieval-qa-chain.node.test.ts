import type { ChatTurn, SourceDocument } from '@weft/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import chatOpenAICustom from '../chat-models/chat-openai-custom.node.js'
import type { Retriever } from '../documents/retriever.js'
import bufferMemory from '../memory/buffer-memory.node.js'
import { answerOf, runNode, testRun } from '../runtime/test-run.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { testFetch } from '../testing/test-fetch.js'
import conversationalRetrievalQAChain from './conversational-retrieval-qa-chain.node.js'

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

const found: SourceDocument[] = [{ pageContent: 'In May the shop opens at 9.', metadata: { source: 'hours.txt' } }]

function recordingRetriever(): Retriever & { queries: string[] } {
  const queries: string[] = []
  return {
    kind: 'retriever',
    label: 'Test store',
    queries,
    retrieve: async (query) => {
      queries.push(query)
      return found
    },
  }
}

const earlier: ChatTurn[] = [
  { role: 'userMessage', content: 'When does the shop open in April?' },
  { role: 'apiMessage', content: 'At 10.' },
]

async function chain(inputs: Record<string, unknown>, run = testRun({ fetch: testFetch(mock.url) })) {
  const model = await runNode(chatOpenAICustom, { basePath: mock.baseURL, modelName: 'mock-model' }, run)
  return runNode(conversationalRetrievalQAChain, { model, ...inputs }, run, { isEnding: true })
}

const messagesOf = (index: number) => mock.requests[index]?.body?.messages as { role: string; content: string }[]

describe('Conversational Retrieval QA Chain', () => {
  it('rephrases a follow-up with the stored chat, searches that, and streams an answer from the passages', async () => {
    mock.script({ text: 'When does the shop open in May?' }, { text: 'In May it opens at 9.' })
    const run = testRun({ question: 'And in May?', fetch: testFetch(mock.url), stored: { 'session-1': earlier } })
    const retriever = recordingRetriever()
    const memory = await runNode(bufferMemory, {}, run)
    const answer = await answerOf(
      await chain({ vectorStoreRetriever: retriever, memory, returnSourceDocuments: true }, run),
      run,
    )

    const rephrase = messagesOf(0)
    expect(rephrase).toHaveLength(1)
    expect(rephrase[0]!.content).toContain('Human: When does the shop open in April?\nAssistant: At 10.')
    expect(rephrase[0]!.content).toContain('Last question: And in May?')
    expect(retriever.queries).toEqual(['When does the shop open in May?'])
    expect(messagesOf(1)).toEqual([
      { role: 'system', content: expect.stringContaining('In May the shop opens at 9.') },
      { role: 'user', content: 'When does the shop open in April?' },
      { role: 'assistant', content: 'At 10.' },
      { role: 'user', content: 'And in May?' },
    ])
    expect(answer.text).toBe('In May it opens at 9.')
    expect(run.streamed()).toBe('In May it opens at 9.')
    expect(answer.sourceDocuments).toEqual(found)
    expect(run.events[0]).toEqual({ event: 'sourceDocuments', data: found })
  })

  it('searches the first question as asked, and keeps sources to itself unless asked', async () => {
    mock.script({ text: 'At 9.' })
    const run = testRun({ question: 'When do you open?', fetch: testFetch(mock.url) })
    const retriever = recordingRetriever()
    const answer = await answerOf(await chain({ vectorStoreRetriever: retriever }, run), run)
    expect(mock.requests).toHaveLength(1)
    expect(retriever.queries).toEqual(['When do you open?'])
    expect(answer.sourceDocuments).toBeUndefined()
    expect(run.events.some((event) => event.event === 'sourceDocuments')).toBe(false)
  })

  it('uses its own rephrase and response prompts', async () => {
    mock.script({ text: 'opening hours May' }, { text: 'Nine.' })
    const run = testRun({ question: 'May?', fetch: testFetch(mock.url), history: earlier })
    await answerOf(
      await chain(
        {
          vectorStoreRetriever: recordingRetriever(),
          rephrasePrompt: 'History:\n{chat_history}\nQ: {question}',
          responsePrompt: 'Answer in one word from: {context}',
        },
        run,
      ),
      run,
    )
    expect(messagesOf(0)[0]!.content).toBe(
      'History:\nHuman: When does the shop open in April?\nAssistant: At 10.\nQ: May?',
    )
    expect(messagesOf(1)[0]).toEqual({
      role: 'system',
      content: 'Answer in one word from: In May the shop opens at 9.',
    })
  })

  it('asks for a model and a retriever when they are not connected', async () => {
    const run = testRun()
    await expect(
      runNode(conversationalRetrievalQAChain, { vectorStoreRetriever: recordingRetriever() }, run),
    ).rejects.toThrow('Connect a chat model to Chat Model.')
  })
})
