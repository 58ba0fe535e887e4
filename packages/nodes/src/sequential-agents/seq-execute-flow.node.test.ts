import type { RunFlowRequest } from '../agent-flows/step.js'
import { describe, expect, it } from 'vitest'
import { runStep, testStep } from '../agent-flows/testing/test-step.js'
import seqExecuteFlow from './seq-execute-flow.node.js'

function execute(inputs: Record<string, unknown>) {
  const asked: RunFlowRequest[] = []
  const step = testStep(seqExecuteFlow, {
    inputs,
    state: { notes: 'two invoices' },
    run: {
      question: 'Sort my bills',
      runFlow: async (request) => {
        asked.push(request)
        return { text: `Done: ${request.question}`, executionId: 'execution-2' }
      },
    },
  })
  return { asked, step, result: runStep(seqExecuteFlow, step) }
}

describe('the sequential Execute Flow step', () => {
  it('runs the picked flow with the question, and its answer is the output', async () => {
    const { asked, step, result } = execute({ selectedFlow: 'flow-2', overrideConfig: '{"temperature": 0}' })
    expect(await result).toMatchObject({
      output: { content: 'Done: Sort my bills', executionId: 'execution-2' },
      turns: [{ role: 'apiMessage', content: 'Done: Sort my bills' }],
    })
    expect(asked).toEqual([{ flowId: 'flow-2', question: 'Sort my bills', overrideConfig: { temperature: 0 } }])
    expect(step.streamed()).toBe('Done: Sort my bills')
  })

  it('sends the Custom Input, read from the state', async () => {
    const { asked, result } = execute({
      selectedFlow: 'flow-2',
      seqExecuteFlowInput: 'customInput',
      customInput: '$flow.state.notes',
    })
    await result
    expect(asked[0]!.question).toBe('two invoices')
  })

  it('refuses an empty pick and the flow it belongs to', async () => {
    await expect(execute({ selectedFlow: '' }).result).rejects.toThrow('Select Flow is empty')
    await expect(execute({ selectedFlow: 'flow-1' }).result).rejects.toThrow(
      'Execute Flow cannot run the flow it belongs to.',
    )
  })
})
