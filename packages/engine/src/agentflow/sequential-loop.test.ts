import type { FlowData, RunEvent } from '@weft/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { testFetch } from '../../../nodes/src/testing/test-fetch.js'
import { build, canvasNode } from '../testing/canvas-flow.js'
import { testAgentflowRun, testAgentflowServices } from '../testing/test-agentflow.js'
import { runAgentflow } from './run-agentflow.js'

// The sequential Condition Agent (a model's answer picks the path) and Loop (back to a named node),
// run on the agentflow runtime against a real HTTP model server.

let mock: MockOpenAIServer

beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

const REVIEW = [{ variable: '$flow.output.content', operation: 'Contains', value: 'REVISE', output: 'Revise' }]

/** Start → Writer (LLM Node) → Reviewer (Condition Agent): Revise → Loop to "writer"; End → End. */
function reviewFlow(reviewer: Record<string, unknown> = {}, loopToName = 'writer'): FlowData {
  return build(
    [
      canvasNode('chatOpenAICustom_0', { basePath: mock.baseURL, modelName: 'mock-model' }),
      canvasNode('seqStart_0'),
      canvasNode('seqLLMNode_0', { llmNodeName: 'Writer', systemMessagePrompt: 'Write a slogan.' }),
      canvasNode('seqConditionAgent_0', {
        conditionAgentName: 'Reviewer',
        systemMessagePrompt: 'You review slogans.',
        humanMessagePrompt: 'Answer APPROVED or REVISE.',
        conversationHistorySelection: 'last_message',
        conditions: REVIEW,
        ...reviewer,
      }),
      canvasNode('seqLoop_0', { loopToName }),
      canvasNode('seqEnd_0'),
    ],
    [
      ['chatOpenAICustom_0', 'seqStart_0', 'model'],
      ['seqStart_0', 'seqLLMNode_0', 'sequentialNode'],
      ['seqLLMNode_0', 'seqConditionAgent_0', 'sequentialNode'],
      ['seqConditionAgent_0', 'seqLoop_0', 'sequentialNode', 'Revise'],
      ['seqConditionAgent_0', 'seqEnd_0', 'sequentialNode', 'End'],
    ],
  )
}

async function ask(flow: FlowData) {
  const events: RunEvent[] = []
  const services = testAgentflowServices([], { fetch: testFetch(mock.url) })
  for await (const event of runAgentflow(testAgentflowRun(flow, { question: 'A slogan for tea' }), services)) {
    events.push(event)
  }
  const execution = [...services.executions.records.values()].at(-1)!
  const answer = events.flatMap((event) => (event.event === 'token' ? [event.data] : [])).join('')
  const error = events.find((event) => event.event === 'error')?.data
  return { answer, error, execution }
}

describe('a sequential flow with a Condition Agent and a Loop', () => {
  it('loops back to the writer while the reviewer says REVISE, then answers with the last draft', async () => {
    mock.script({ text: 'Tea time.' }, { text: 'REVISE' }, { text: 'Tea, naturally.' }, { text: 'APPROVED' })
    const { answer, error, execution } = await ask(reviewFlow())

    expect(error).toBeUndefined()
    expect(answer).toBe('Tea, naturally.')
    expect(mock.requests).toHaveLength(4)
    // The reviewer sees its prompts around the last message only (Conversation History: last message).
    expect(mock.requests[1]!.body!.messages).toEqual([
      { role: 'system', content: 'You review slogans.' },
      { role: 'assistant', content: 'Tea time.' },
      { role: 'user', content: 'Answer APPROVED or REVISE.' },
    ])
    // The reviewer's verdict is not added to the conversation the writer sees next.
    expect(JSON.stringify(mock.requests[2]!.body!.messages)).not.toContain('REVISE')
    expect(execution.executionData.map((step) => step.nodeId)).toEqual([
      'seqStart_0',
      'seqLLMNode_0',
      'seqConditionAgent_0',
      'seqLoop_0',
      'seqLLMNode_0',
      'seqConditionAgent_0',
      'seqEnd_0',
    ])
  })

  it('reads the keys of a structured answer as $flow.output', async () => {
    mock.script({ text: 'Tea time.' }, { text: '{"verdict": "ok", "score": 9}' })
    const structured = {
      conditionAgentStructuredOutput: [
        { key: 'verdict', type: 'Enum', enumValues: 'ok, revise', description: 'Your verdict' },
        { key: 'score', type: 'Number', description: 'From 0 to 10' },
      ],
      conditions: [{ variable: '$flow.output.score', operation: 'Less Than', value: '5', output: 'Revise' }],
    }
    const { answer, error } = await ask(reviewFlow(structured))
    expect(error).toBeUndefined()
    expect(answer).toBe('Tea time.')
    expect(mock.requests).toHaveLength(2)
  })

  it('fails with the names it knows when Loop To names no node', async () => {
    mock.script({ text: 'Tea time.' }, { text: 'REVISE' })
    const { error, execution } = await ask(reviewFlow({}, 'Editor'))
    expect(error).toContain('Loop To says "Editor", but no node of this flow has that name')
    expect(error).toContain('"Writer"')
    expect(execution.state).toBe('ERROR')
  })

  it('stops a loop that never reaches an End', async () => {
    const rounds = Array.from({ length: 30 }, () => [{ text: 'Tea.' }, { text: 'REVISE' }]).flat()
    mock.script(...rounds)
    const { error } = await ask(reviewFlow())
    expect(error).toContain('went back to "Writer" 25 times without reaching an End')
  })
})
