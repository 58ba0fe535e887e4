import { describe, expect, it } from 'vitest'
import loop, { loopTargetId } from './loop-agentflow.node.js'
import { runStep, testStep } from './testing/test-step.js'

const run = (inputs: Record<string, unknown>) => runStep(loop, testStep(loop, { inputs }))

describe('Loop step', () => {
  it('asks the engine to go back to the picked step, five times at most by default', async () => {
    expect(await run({ loopBackToNode: 'llmAgentflow_0' })).toEqual({
      output: { content: '' },
      loopTo: { nodeId: 'llmAgentflow_0', maxLoopCount: 5 },
    })
  })

  it('reads the step Flowise saved as <id>-<label>, the count as text, and the fallback message', async () => {
    const result = await run({
      loopBackToNode: 'agentAgentflow_12-Agent 12',
      maxLoopCount: '2',
      fallbackMessage: 'Gave up.',
    })
    expect(result.loopTo).toEqual({ nodeId: 'agentAgentflow_12', maxLoopCount: 2, fallbackMessage: 'Gave up.' })
  })

  it('takes the id even when the label has a dash or an id-like part', () => {
    expect(loopTargetId('llmAgentflow_1-Draft - v2_3-final')).toBe('llmAgentflow_1')
    expect(loopTargetId('customStep')).toBe('customStep')
  })

  it('fails clearly without a step to go back to or with a count that is not a whole number', async () => {
    await expect(run({})).rejects.toThrow('Loop Back To is empty: pick the step to go back to.')
    await expect(run({ loopBackToNode: 'llmAgentflow_0', maxLoopCount: 0 })).rejects.toThrow(
      'Max Loop Count must be a whole number of at least 1, not "0".',
    )
    await expect(run({ loopBackToNode: 'llmAgentflow_0', maxLoopCount: '2.5' })).rejects.toThrow('not "2.5"')
  })
})
