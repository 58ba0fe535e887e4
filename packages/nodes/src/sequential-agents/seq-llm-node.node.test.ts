import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runStep, testStep } from '../agent-flows/testing/test-step.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import seqLLMNode from './seq-llm-node.node.js'
import { withMockModel } from './testing/with-mock-model.js'

let mock: MockOpenAIServer

beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

const history = [{ role: 'userMessage' as const, content: 'I loved the tea.' }]

describe('the sequential LLM Node step', () => {
  it('answers with the keys of its JSON Structured Output, which its Update State table reads', async () => {
    mock.script({ text: '```json\n{"mood": "happy", "score": "9"}\n```' })
    const step = await withMockModel(
      seqLLMNode,
      mock,
      {
        systemMessagePrompt: 'Rate the review.',
        llmStructuredOutput: JSON.stringify([
          { key: 'mood', type: 'Enum', enumValues: 'happy, sad', description: 'How the user feels' },
          { key: 'score', type: 'Number', description: 'From 0 to 10' },
        ]),
        selectedUpdateStateMemoryTab: 'updateStateMemoryUI',
        updateStateMemoryUI: [
          { key: 'mood', value: '$flow.output.mood' },
          { key: 'score', value: '{{ output.score }}' },
          { key: 'summary', value: 'Mood: {{ output.mood }}' },
        ],
      },
      { history, isLastStep: false },
    )
    const result = await runStep(seqLLMNode, step)

    expect(result.output).toMatchObject({ mood: 'happy', score: 9 })
    expect(JSON.parse(result.output.content!)).toEqual({ mood: 'happy', score: 9 })
    expect(result.state).toEqual({ mood: 'happy', score: 9, summary: 'Mood: happy' })
    const system = (mock.requests[0]!.body!.messages as { role: string; content: string }[])[0]!
    expect(system.role).toBe('system')
    expect(system.content).toContain('"mood": the text "happy", "sad", whichever fits. How the user feels')
    expect(step.streamed()).toBe('')
  })

  it('says what is missing when no chat model is connected to it or to Start', async () => {
    await expect(runStep(seqLLMNode, testStep(seqLLMNode, { inputs: { model: '' }, history }))).rejects.toThrow(
      'there is no chat model: connect one to Start (every node uses it) or to this node.',
    )
  })
})
