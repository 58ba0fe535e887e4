import { describe, expect, it } from 'vitest'
import { runStep, testStep } from '../agent-flows/testing/test-step.js'
import seqEnd from './seq-end.node.js'

describe('the sequential End step', () => {
  it('answers with the last message of the conversation, what the node before said', async () => {
    const step = testStep(seqEnd, {
      history: [
        { role: 'userMessage', content: 'What is 6 times 7?' },
        { role: 'apiMessage', content: 'It is 42.' },
      ],
    })
    const result = await runStep(seqEnd, step)
    expect(result.output.content).toBe('It is 42.')
    expect(step.streamed()).toBe('It is 42.')
  })
})
