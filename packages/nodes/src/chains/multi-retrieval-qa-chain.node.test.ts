import type { SourceDocument } from '@weft/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import chatOpenAICustom from '../chat-models/chat-openai-custom.node.js'
import type { VectorStore } from '../documents/retriever.js'
import vectorStoreRetriever from '../retrievers/vector-store-retriever.node.js'
import { answerOf, runNode, testRun } from '../runtime/test-run.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { testFetch } from '../testing/test-fetch.js'
import multiRetrievalQAChain from './multi-retrieval-qa-chain.node.js'

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

const messagesOf = (index: number) => mock.requests[index]?.body?.messages as { role: string; content: string }[]

/** A store that finds its one passage for any question, recording the questions. */
function store(text: string): VectorStore & { queries: string[] } {
  const queries: string[] = []
  const documents: SourceDocument[] = [{ pageContent: text, metadata: {} }]
  const retrieve = async (query: string) => {
    queries.push(query)
    return documents
  }
  return {
    kind: 'vectorStore',
    label: 'Test store',
    queries,
    similaritySearch: async () => [],
    retriever: { kind: 'retriever', label: 'Test store', retrieve },
  }
}

async function ask(question: string, stores: VectorStore[]) {
  const run = testRun({ question, fetch: testFetch(mock.url) })
  const model = await runNode(chatOpenAICustom, { basePath: mock.baseURL, modelName: 'mock-model' }, run)
  const retrievers = [
    await runNode(
      vectorStoreRetriever,
      { vectorStore: stores[0], name: 'films', description: 'Films and actors' },
      run,
    ),
    await runNode(vectorStoreRetriever, { vectorStore: stores[1], name: 'hr', description: 'Holidays and pay' }, run),
  ]
  const chain = await runNode(
    multiRetrievalQAChain,
    { model, vectorStoreRetriever: retrievers, returnSourceDocuments: true },
    run,
    { isEnding: true },
  )
  return { run, answer: await answerOf(chain, run) }
}

describe('Multi Retrieval QA Chain', () => {
  it('asks the model to choose a store by the descriptions, searches only that one and answers from it', async () => {
    const films = store('Alien came out in 1979.')
    const hr = store('Everyone has 25 days of holiday.')
    mock.script({ text: '"hr"' }, { text: '25 days.' })
    const { run, answer } = await ask('How many days of holiday do I get?', [films, hr])

    expect(messagesOf(0)[0]!.content).toContain('films: Films and actors\nhr: Holidays and pay')
    expect(films.queries).toEqual([])
    expect(hr.queries).toEqual(['How many days of holiday do I get?'])
    expect(messagesOf(1)[0]!.content).toContain('Everyone has 25 days of holiday.')
    expect(answer.text).toBe('25 days.')
    expect(run.streamed()).toBe('25 days.')
    expect(answer.sourceDocuments).toEqual([{ pageContent: 'Everyone has 25 days of holiday.', metadata: {} }])
  })

  it('answers without searching when no store fits', async () => {
    const films = store('Alien came out in 1979.')
    const hr = store('Everyone has 25 days of holiday.')
    mock.script({ text: 'DEFAULT' }, { text: 'Hello.' })
    const { answer } = await ask('Hi', [films, hr])
    expect(films.queries).toEqual([])
    expect(hr.queries).toEqual([])
    expect(messagesOf(1)).toEqual([{ role: 'user', content: 'Hi' }])
    expect(answer.sourceDocuments).toBeUndefined()
  })

  it('asks for a vector store, a name and a description', async () => {
    const run = testRun()
    await expect(runNode(vectorStoreRetriever, { name: 'a', description: 'b' }, run)).rejects.toThrow(
      'Connect a vector store to Vector Store.',
    )
    await expect(runNode(vectorStoreRetriever, { vectorStore: store('x'), name: 'a' }, run)).rejects.toThrow(
      'Vector Store Retriever: fill in Retriever Name and Retriever Description.',
    )
  })
})
