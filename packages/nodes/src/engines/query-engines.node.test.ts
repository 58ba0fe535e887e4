import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { SourceDocument } from '@weft/core'
import chatOpenAILlamaIndex from '../chat-models/chat-openai-llamaindex.node.js'
import type { NodeDefinition } from '../define-node.js'
import type { Retriever } from '../documents/retriever.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { answerOf, runNode, testRun, type TestRun } from '../runtime/test-run.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { runModelNode } from '../testing/run-model-node.js'
import { testFetch } from '../testing/test-fetch.js'
import { doc, handbook } from '../testing/vector-store-node-cases.js'
import memoryVectorStore from '../vector-stores/memory-vector-store.node.js'
import compactrefineLlamaIndex from './compact-refine.node.js'
import queryEngineToolLlamaIndex from './query-engine-tool.node.js'
import queryEngine from './query-engine.node.js'
import refineLlamaIndex from './refine.node.js'
import simpleResponseBuilderLlamaIndex from './simple-response-builder.node.js'
import subQuestionQueryEngine from './sub-question-query-engine.node.js'
import treeSummarizeLlamaIndex from './tree-summarize.node.js'

// ChatOpenAI (LlamaIndex) answers from a scripted OpenAI stand-in on loopback; the passages come
// from the In-Memory Vector Store with the built-in hashing embedder.

let mock: MockOpenAIServer
/** The run's guard with api.openai.com answered by the stand-in: the test's way in, not a flow's. */
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

const KEY = 'sk-llama-engines'
const prompts = () => mock.requests.map((request) => (request.body!.messages as { content: string }[]).at(-1)!.content)

async function setUp(question: string) {
  const run = testRun({ question, flowId: randomUUID(), fetch: openAIHere })
  const model = await runModelNode(
    chatOpenAILlamaIndex,
    { modelName: 'gpt-4o-mini' },
    { openAIApiKey: KEY },
    openAIHere,
  )
  // Each store as a node of its own flow, so two stores of one test stay apart.
  const store = (documents: SourceDocument[], topK = 4) =>
    runNode(
      memoryVectorStore,
      { embeddings: hashingEmbedder(), document: [documents], topK },
      testRun({ flowId: randomUUID() }),
    )
  return { run, model, store }
}

async function engine(
  run: TestRun,
  inputs: Record<string, unknown>,
  synthesizer?: [NodeDefinition, Record<string, unknown>],
) {
  const responseSynthesizer = synthesizer ? await runNode(synthesizer[0], synthesizer[1], run) : undefined
  return runNode(queryEngine, { ...inputs, responseSynthesizer }, run, { isEnding: true })
}

/** Three passages too long to share one model call. */
const longDocs = ['Alpha', 'Beta', 'Gamma'].map((name) => doc(`${name} facts. ${'More words here. '.repeat(420)}`))

describe('Query Engine', () => {
  it('answers from the passages found in one call by default, and returns them when asked', async () => {
    mock.script({ text: 'Team lunch is on Thursdays.' })
    const { run, model, store } = await setUp('When is team lunch?')
    const vectorStoreRetriever = await store(handbook)
    const answer = await answerOf(await engine(run, { model, vectorStoreRetriever, returnSourceDocuments: true }), run)

    expect(answer.text).toBe('Team lunch is on Thursdays.')
    expect(run.streamed()).toBe(answer.text)
    expect(mock.requests).toHaveLength(1)
    expect(mock.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(mock.requests[0]!.body).toMatchObject({ model: 'gpt-4o-mini' })
    expect(prompts()[0]).toContain('Query: When is team lunch?')
    for (const passage of handbook) expect(prompts()[0]).toContain(passage.pageContent)
    expect(answer.sourceDocuments).toHaveLength(4)
    expect(run.events.find((event) => event.event === 'sourceDocuments')?.data).toEqual(answer.sourceDocuments)
  })

  it("answers with the model its LlamaIndex vector store carries when none is connected, as Flowise's does", async () => {
    mock.script({ text: 'On Thursdays.' })
    const { run, model, store } = await setUp('When is team lunch?')
    const retriever = (await store(handbook)) as Retriever
    const answer = await answerOf(await engine(run, { vectorStoreRetriever: { ...retriever, model } }), run)
    expect(answer.text).toBe('On Thursdays.')
    await expect(engine(run, { vectorStoreRetriever: retriever })).rejects.toThrow('Chat Model')
  })

  it('with Compact and Refine, refines over passages packed into as few calls as fit', async () => {
    mock.script({ text: 'A.' }, { text: 'A and B.' }, { text: 'A, B and G.' })
    const { run, model, store } = await setUp('Summarise the facts')
    const vectorStoreRetriever = await store(longDocs, 3)
    const answer = await answerOf(
      await engine(run, { model, vectorStoreRetriever }, [compactrefineLlamaIndex, {}]),
      run,
    )

    expect(mock.requests).toHaveLength(3)
    expect(prompts()[1]).toContain('An answer so far: A.')
    expect(prompts()[2]).toContain('An answer so far: A and B.')
    expect(answer.text).toBe('A, B and G.')
    // Only the final answer reaches the user.
    expect(run.streamed()).toBe('A, B and G.')
  })

  it('with Refine, makes a call per passage with its own prompts', async () => {
    mock.script({ text: 'first' }, { text: 'second' })
    const { run, model, store } = await setUp('Which day?')
    const vectorStoreRetriever = await store(handbook, 2)
    const refine = {
      textQAPrompt: 'QA {query} :: {context}',
      refinePrompt: 'R {query} :: {existingAnswer} :: {context}',
    }
    const answer = await answerOf(await engine(run, { model, vectorStoreRetriever }, [refineLlamaIndex, refine]), run)

    expect(prompts()[0]).toMatch(/^QA Which day\? :: \S/)
    expect(prompts()[1]).toMatch(/^R Which day\? :: first :: \S/)
    expect(answer.text).toBe('second')
  })

  it('with Simple Response Builder, answers once from all passages together', async () => {
    mock.script({ text: 'All at once.' })
    const { run, model, store } = await setUp('Everything?')
    const vectorStoreRetriever = await store(longDocs, 3)
    await answerOf(await engine(run, { model, vectorStoreRetriever }, [simpleResponseBuilderLlamaIndex, {}]), run)
    expect(mock.requests).toHaveLength(1)
    for (const name of ['Alpha', 'Beta', 'Gamma']) expect(prompts()[0]).toContain(`${name} facts.`)
  })

  it('with TreeSummarize, answers each packed group, then answers from those answers', async () => {
    mock.script({ text: 'about alpha' }, { text: 'about beta' }, { text: 'about gamma' }, { text: 'The summary.' })
    const { run, model, store } = await setUp('Summarise')
    const vectorStoreRetriever = await store(longDocs, 3)
    const tree = { prompt: 'Sources:\n{context}\nQ: {query}' }
    const answer = await answerOf(
      await engine(run, { model, vectorStoreRetriever }, [treeSummarizeLlamaIndex, tree]),
      run,
    )

    expect(mock.requests).toHaveLength(4)
    expect(prompts()[3]).toMatch(/^Sources:\n/)
    for (const part of ['about alpha', 'about beta', 'about gamma']) expect(prompts()[3]).toContain(part)
    expect(answer.text).toBe('The summary.')
    expect(run.streamed()).toBe('The summary.')
  })

  it('names what is missing', async () => {
    const { run, model } = await setUp('Hi')
    await expect(runNode(queryEngine, { model }, run)).rejects.toThrow(
      'Connect a vector store to Vector Store Retriever.',
    )
  })
})

describe('Sub Question Query Engine and QueryEngine Tool', () => {
  it('asks each engine the sub-question meant for it, then answers from their answers', async () => {
    mock.script(
      {
        text: '[{"subQuestion": "When is lunch?", "toolName": "handbook"}, {"subQuestion": "Is parking free?", "toolName": "visitors"}]',
      },
      { text: 'Thursdays.' },
      { text: 'Yes, free.' },
      { text: 'Lunch is on Thursdays and parking is free.' },
    )
    const { run, model, store } = await setUp('When is lunch, and can visitors park for free?')
    const tool = async (documents: SourceDocument[], toolName: string) => {
      const engineValue = await runNode(queryEngine, { model, vectorStoreRetriever: await store(documents, 1) }, run)
      return runNode(
        queryEngineToolLlamaIndex,
        { baseQueryEngine: engineValue, toolName, toolDesc: `Knows the ${toolName}` },
        run,
      )
    }
    const parking = [doc('Parking is free for visitors.', 'visitors')]
    const tools = [await tool(handbook, 'handbook'), await tool(parking, 'visitors')]
    const built = await runNode(
      subQuestionQueryEngine,
      { queryEngineTools: tools, model, returnSourceDocuments: true },
      run,
      { isEnding: true },
    )
    const answer = await answerOf(built, run)

    expect(prompts()[0]).toContain('- handbook: Knows the handbook')
    expect(prompts()[1]).toContain('Query: When is lunch?')
    expect(prompts()[2]).toContain('Parking is free for visitors.')
    expect(prompts()[3]).toContain('Sub question: When is lunch?\nResponse: Thursdays.')
    expect(prompts()[3]).toContain('Sub question: Is parking free?\nResponse: Yes, free.')
    expect(answer.text).toBe('Lunch is on Thursdays and parking is free.')
    expect(run.streamed()).toBe(answer.text)
    expect(answer.sourceDocuments?.map((document) => document.metadata.source)).toEqual(['wiki', 'visitors'])
    // The QueryEngine Tool asks its engine without streaming to the user.
    mock.script({ text: 'Thursdays again.' })
    expect(
      await (tools[0] as { execute: (i: object, s: AbortSignal) => Promise<string> }).execute(
        { input: 'When is lunch?' },
        run.scope.signal,
      ),
    ).toBe('Thursdays again.')
  })
})
