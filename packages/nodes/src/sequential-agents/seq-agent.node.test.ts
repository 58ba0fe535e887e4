import type { ChatTurn } from '@weft/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runStep } from '../agent-flows/testing/test-step.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { calculatorTool } from '../tools/calculator.node.js'
import seqAgent from './seq-agent.node.js'
import { withMockModel } from './testing/with-mock-model.js'

let mock: MockOpenAIServer

beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

const conversation: ChatTurn[] = [
  { role: 'userMessage', content: 'What is 6 times 7?' },
  { role: 'apiMessage', content: 'Let me think.' },
]

describe('the sequential Agent step', () => {
  it('asks with its prompts around the conversation, runs the tools the model calls, and answers as the flow', async () => {
    mock.script({ toolCalls: [{ name: 'calculator', arguments: { expression: '6 * 7' } }] }, { text: 'It is 42.' })
    const step = await withMockModel(
      seqAgent,
      mock,
      {
        systemMessagePrompt: 'You are good at {topic}.',
        humanMessagePrompt: 'Use the calculator.',
        promptValues: { topic: '$flow.state.topic' },
        tools: [calculatorTool],
        selectedUpdateStateMemoryTab: 'updateStateMemoryCode',
        updateStateMemoryCode: 'return { last: $flow.output.content, calls: $flow.output.usedTools.length }',
      },
      { history: conversation, state: { topic: 'sums' } },
    )
    const result = await runStep(seqAgent, step)

    expect(mock.requests[0]!.body!.messages).toEqual([
      { role: 'system', content: 'You are good at sums.' },
      { role: 'user', content: 'What is 6 times 7?' },
      { role: 'assistant', content: 'Let me think.' },
      { role: 'user', content: 'Use the calculator.' },
    ])
    const used = [{ tool: 'calculator', toolInput: { expression: '6 * 7' }, toolOutput: '42' }]
    expect(result.output).toMatchObject({ content: 'It is 42.', usedTools: used })
    expect(step.events.filter((event) => event.event === 'usedTools').at(-1)?.data).toEqual(used)
    expect(step.streamed()).toBe('It is 42.')
    expect(result.turns).toEqual([{ role: 'apiMessage', content: 'It is 42.' }])
    expect(result.state).toEqual({ last: 'It is 42.', calls: 1 })
  })

  it('stops calling tools after Max Iterations model calls', async () => {
    const call = { toolCalls: [{ name: 'calculator', arguments: { expression: '1 + 1' } }] }
    mock.script(call, call, call)
    const step = await withMockModel(
      seqAgent,
      mock,
      { tools: [calculatorTool], maxIterations: 2 },
      { history: conversation },
    )
    const result = await runStep(seqAgent, step)
    expect(mock.requests).toHaveLength(2)
    expect(result.output.content).toContain('still calling tools')
  })
})
