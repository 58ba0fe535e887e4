import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runStep, testStep } from '../agent-flows/testing/test-step.js'
import { withMockModel } from '../sequential-agents/testing/with-mock-model.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { calculatorTool } from '../tools/calculator.node.js'
import worker from './worker.node.js'

let mock: MockOpenAIServer

beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

describe('the Worker step', () => {
  it('works with its prompt and tools over the conversation, and reports back without streaming', async () => {
    mock.script({ toolCalls: [{ name: 'calculator', arguments: { expression: '6 * 7' } }] }, { text: 'It is 42.' })
    const step = await withMockModel(
      worker,
      mock,
      {
        workerName: 'Maths',
        workerPrompt: 'You are good at {topic}.',
        promptValues: { topic: '$flow.state.topic' },
        tools: [calculatorTool],
        supervisor: '{{supervisor_0.data.instance}}',
      },
      { history: [{ role: 'userMessage', content: 'What is 6 times 7?' }], state: { topic: 'sums' } },
    )
    const result = await runStep(worker, step)

    const body = mock.requests[0]!.body as { messages: unknown[]; tools: { function: { name: string } }[] }
    expect(body.messages).toEqual([
      { role: 'system', content: 'You are good at sums.' },
      { role: 'user', content: 'What is 6 times 7?' },
    ])
    expect(body.tools.map((tool) => tool.function.name)).toEqual(['calculator'])
    const used = [{ tool: 'calculator', toolInput: { expression: '6 * 7' }, toolOutput: '42' }]
    expect(result.output).toMatchObject({ content: 'It is 42.', usedTools: used })
    expect(step.events.filter((event) => event.event === 'usedTools').at(-1)?.data).toEqual(used)
    // Its report goes to the supervisor, not to the user.
    expect(step.streamed()).toBe('')
    expect(result.turns).toEqual([{ role: 'userMessage', content: 'It is 42.' }])
  })

  it('names the missing chat model', async () => {
    await expect(runStep(worker, testStep(worker, { inputs: { workerName: 'Maths' } }))).rejects.toThrow(
      'there is no chat model: connect one to the Supervisor (every worker uses it) or to this worker.',
    )
  })
})
