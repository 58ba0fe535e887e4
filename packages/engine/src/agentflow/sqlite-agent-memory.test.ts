import type { RunEvent } from '@weft/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { testFetch } from '../../../nodes/src/testing/test-fetch.js'
import { build, canvasNode } from '../testing/canvas-flow.js'
import { testAgentflowRun, testAgentflowServices } from '../testing/test-agentflow.js'
import { runAgentflow } from './run-agentflow.js'

// Flowise's SQLite Agent Memory on Start: the sequential runtime keeps the conversation in Weft's own
// database and hands it to the agents, as with Agent Memory.

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())

describe('SQLite Agent Memory on a sequential flow', () => {
  it('runs the flow and gives the agent the conversation stored for the chat', async () => {
    mock.script({ text: 'You are Bo.' })
    const flow = build(
      [
        canvasNode('chatOpenAICustom_0', { basePath: mock.baseURL, modelName: 'mock-model' }),
        canvasNode('sqliteAgentMemory_0'),
        canvasNode('seqStart_0'),
        canvasNode('seqAgent_0', { agentName: 'Helper', systemMessagePrompt: 'You help.' }),
        canvasNode('seqEnd_0'),
      ],
      [
        ['chatOpenAICustom_0', 'seqStart_0', 'model'],
        ['sqliteAgentMemory_0', 'seqStart_0', 'agentMemory'],
        ['seqStart_0', 'seqAgent_0', 'sequentialNode'],
        ['seqAgent_0', 'seqEnd_0', 'sequentialNode'],
      ],
    )
    const history = [
      { role: 'userMessage' as const, content: 'I am Bo.' },
      { role: 'apiMessage' as const, content: 'Hello Bo!' },
    ]
    const services = testAgentflowServices([], { fetch: testFetch(mock.url), memory: { history: async () => history } })
    const events: RunEvent[] = []
    for await (const event of runAgentflow(testAgentflowRun(flow, { question: 'Who am I?' }), services))
      events.push(event)

    expect(events.filter((event) => event.event === 'error')).toEqual([])
    expect(
      events
        .filter((event) => event.event === 'token')
        .map((event) => event.data)
        .join(''),
    ).toBe('You are Bo.')
    expect((mock.requests[0]!.body!.messages as { content: string }[]).map((message) => message.content)).toEqual([
      'You help.',
      'I am Bo.',
      'Hello Bo!',
      'Who am I?',
    ])
  })
})
