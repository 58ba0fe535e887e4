import type { SourceDocument } from '@weft/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import agentAgentflow from './agent-agentflow.node.js'
import type { RetrieveRequest } from './step.js'
import { runStep, testStep } from './testing/test-step.js'

let mock: MockOpenAIServer

beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

const STORE_ID = '5f0c6a52-3a55-4d8e-9d55-0d7cbb2a1f10'
const HOLIDAYS: SourceDocument = {
  pageContent: 'Holidays are booked in the staff portal two weeks ahead.',
  metadata: { source: 'handbook.txt', loc: { lines: { from: 1, to: 1 } } },
}

/** An Agent step on the mock server whose document stores answer `found` and record what was asked. */
function knowledgeStep(inputs: Record<string, unknown>, found: SourceDocument[] = [HOLIDAYS]) {
  const asked: RetrieveRequest[] = []
  const step = testStep(agentAgentflow, {
    allowedUrls: [mock.url],
    inputs: {
      agentModel: 'chatOpenAICustom',
      agentModelConfig: { basePath: mock.baseURL, modelName: 'mock-model' },
      ...inputs,
    },
    run: {
      question: 'How do I book a holiday?',
      retrieve: async (request) => {
        asked.push(request)
        return found
      },
    },
  })
  return { step, asked }
}

type OfferedTool = { function: { name: string; description: string; parameters: unknown } }
const offeredTools = (index: number) => (mock.requests[index]?.body?.tools ?? []) as OfferedTool[]

describe("the Agent step's knowledge", () => {
  it('searches a picked store when the model calls its tool, and gives the passages back to the model', async () => {
    mock.script(
      { toolCalls: [{ name: 'staff_handbook', arguments: { input: 'booking holidays' } }] },
      { text: 'Book it in the staff portal.' },
    )
    const { step, asked } = knowledgeStep({
      agentKnowledgeDocumentStores: [
        {
          documentStore: `${STORE_ID}:Staff Handbook`,
          docStoreDescription: 'Policies for staff',
          returnSourceDocuments: false,
        },
      ],
    })
    const result = await runStep(agentAgentflow, step)

    expect(offeredTools(0).map((tool) => [tool.function.name, tool.function.description])).toEqual([
      ['staff_handbook', 'Policies for staff'],
    ])
    expect(asked).toEqual([{ storeIds: [STORE_ID], query: 'booking holidays' }])
    const toolTurn = (mock.requests[1]?.body?.messages as { role: string; content: unknown }[]).find(
      (message) => message.role === 'tool',
    )
    expect(JSON.stringify(toolTurn?.content)).toContain(HOLIDAYS.pageContent)
    expect(JSON.stringify(toolTurn?.content)).toContain('source: handbook.txt')
    const used = [
      {
        tool: 'staff_handbook',
        toolInput: { input: 'booking holidays' },
        toolOutput: `${HOLIDAYS.pageContent}\n(source: handbook.txt)`,
      },
    ]
    expect(result.output).toMatchObject({ content: 'Book it in the staff portal.', usedTools: used })
    expect(step.events.filter((event) => event.event === 'usedTools')).toEqual([{ event: 'usedTools', data: used }])
    // Return Source Documents is off: the passages stay between the agent and its model.
    expect(step.events.some((event) => event.event === 'sourceDocuments')).toBe(false)
    expect(result.output.sourceDocuments).toBeUndefined()
  })

  it('shows the passages it found, once each, when Return Source Documents is on', async () => {
    mock.script(
      { toolCalls: [{ name: 'handbook', arguments: { input: 'holidays' } }] },
      { toolCalls: [{ name: 'handbook', arguments: { input: 'holiday booking' } }] },
      { text: 'Two weeks ahead, in the portal.' },
    )
    const { step } = knowledgeStep({
      agentKnowledgeDocumentStores: JSON.stringify([
        { documentStore: `${STORE_ID}:Handbook`, returnSourceDocuments: true },
      ]),
    })
    const result = await runStep(agentAgentflow, step)

    expect(step.events.filter((event) => event.event === 'sourceDocuments')).toEqual([
      { event: 'sourceDocuments', data: [HOLIDAYS] },
    ])
    expect(result.output.sourceDocuments).toEqual([HOLIDAYS])
    expect(result.output.usedTools).toHaveLength(2)
  })

  it('names each tool uniquely within the limits model APIs set, with a default description', async () => {
    mock.script({ text: 'Nothing to look up.' })
    const otherStore = 'a1b2c3d4-0000-4000-8000-000000000000'
    const { step } = knowledgeStep({
      agentTools: [{ agentSelectedTool: 'calculator' }],
      agentKnowledgeDocumentStores: [
        { documentStore: `${STORE_ID}:Calculator` },
        { documentStore: `${otherStore}:Ünïcode Störe ${'x'.repeat(80)}` },
        { documentStore: otherStore },
        { documentStore: `${STORE_ID}:日本語` },
      ],
    })
    await runStep(agentAgentflow, step)

    const offered = offeredTools(0)
    const names = offered.map((tool) => tool.function.name)
    expect(names).toEqual([
      'calculator',
      'calculator_2',
      `ncode_stre_${'x'.repeat(53)}`,
      'document_store_3',
      'document_store_4',
    ])
    for (const name of names) expect(name).toMatch(/^[a-z0-9_-]{1,64}$/)
    expect(offered[1]?.function.description).toBe(
      'Searches the document store "Calculator" for passages about the input.',
    )
    expect(offered[3]?.function.description).toBe(
      'Searches a document store of this workspace for passages about the input.',
    )
    expect(offered[1]?.function.parameters).toMatchObject({ required: ['input'] })
  })

  it('says so when a row picks no store, when the store finds nothing, and for vector-store knowledge', async () => {
    const { step: empty } = knowledgeStep({ agentKnowledgeDocumentStores: [{ documentStore: '' }] })
    await expect(runStep(agentAgentflow, empty)).rejects.toThrow('Agent: knowledge 1 has no document store chosen.')

    mock.script({ toolCalls: [{ name: 'document_store_1', arguments: { input: 'pets' } }] }, { text: 'No idea.' })
    const { step: nothing } = knowledgeStep({ agentKnowledgeDocumentStores: [{ documentStore: STORE_ID }] }, [])
    const result = await runStep(agentAgentflow, nothing)
    expect(result.output.usedTools?.[0]?.toolOutput).toBe('No passages were found.')

    const { step: vectors } = knowledgeStep({
      agentKnowledgeVSEmbeddings: [{ vectorStore: 'pinecone', embeddingModel: 'openAIEmbeddings' }],
    })
    await expect(runStep(agentAgentflow, vectors)).rejects.toThrow('Knowledge (Vector Embeddings) is not supported yet')
  })

  it("reads a Flowise export's empty knowledge inputs as no knowledge", async () => {
    mock.script({ text: 'Hello.' })
    const { step } = knowledgeStep({ agentKnowledgeDocumentStores: '', agentKnowledgeVSEmbeddings: '' })
    const result = await runStep(agentAgentflow, step)
    expect(result.output.content).toBe('Hello.')
    expect(mock.requests[0]?.body?.tools).toBeUndefined()
  })
})
