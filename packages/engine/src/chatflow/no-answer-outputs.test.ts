import { describe, expect, it } from 'vitest'
import { noAnswerFailure } from './no-answer.js'

// A branching step whose chosen output leads nowhere is named with that output's label.

const humanInput = { id: 'humanInputAgentflow_0', label: 'Check the plan', name: 'humanInputAgentflow' }

describe('noAnswerFailure names the chosen output', () => {
  it("calls Human Input's output 1 Reject and output 0 Proceed", () => {
    expect(noAnswerFailure({ step: humanInput, result: { output: {}, next: [1] }, how: 'next' }).message).toBe(
      "The flow ended at 'Check the plan' (humanInputAgentflow_0) without an answer: it chose 'Reject', and no step is connected to that output.",
    )
    expect(noAnswerFailure({ step: humanInput, result: { output: {}, next: [0] }, how: 'next' }).message).toContain(
      "it chose 'Proceed',",
    )
  })

  it('keeps the number for a step whose outputs it cannot name', () => {
    const step = { id: 'custom_0', label: 'Custom', name: 'custom' }
    expect(noAnswerFailure({ step, result: { output: {}, next: [2] }, how: 'next' }).message).toContain('it chose output 2,')
  })
})
