import { describe, expect, it } from 'vitest'
import { runStep, testStep } from '../agent-flows/testing/test-step.js'
import seqStart from './seq-start.node.js'
import seqState from './seq-state.node.js'
import { readSequentialState } from './sequential-state.js'

describe('the sequential Start step', () => {
  it('starts the conversation with the question and the state its State node declares', async () => {
    const state = await readSequentialState(
      { stateMemoryUI: [{ key: 'topic', type: 'Replace', defaultValue: 'tea' }] },
      new AbortController().signal,
    )
    const step = testStep(seqStart, { inputs: { state }, isLastStep: false, run: { question: 'Hi there' } })
    const result = await runStep(seqStart, step)

    expect(result.output.content).toBe('Hi there')
    expect(result.turns).toEqual([{ role: 'userMessage', content: 'Hi there' }])
    expect(result.state).toEqual({ topic: 'tea' })
    expect(step.streamed()).toBe('')
  })

  it('sets no state when no State node is connected', async () => {
    const result = await runStep(seqStart, testStep(seqStart, { inputs: { state: '' } }))
    expect(result.state).toBeUndefined()
    expect(seqState.step).toBeUndefined()
  })
})
