import type { ChatTurn } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { runStep, testStep } from '../agent-flows/testing/test-step.js'
import { calculatorTool } from '../tools/calculator.node.js'
import seqToolNode from './seq-tool-node.node.js'

const said = (content: string): ChatTurn[] => [
  { role: 'userMessage', content: 'What is 6 times 7?' },
  { role: 'apiMessage', content },
]

describe('the sequential Tool Node step', () => {
  it('runs its tools on the JSON arguments the node before wrote, and applies its Update State', async () => {
    const step = testStep(seqToolNode, {
      inputs: {
        tools: [calculatorTool],
        updateStateMemoryUI: JSON.stringify([{ key: 'result', value: '$flow.output.content' }]),
      },
      history: said('{"expression": "6 * 7"}'),
    })
    const result = await runStep(seqToolNode, step)

    const used = [{ tool: 'calculator', toolInput: { expression: '6 * 7' }, toolOutput: '42' }]
    expect(result.output).toEqual({ content: '42', usedTools: used })
    expect(step.events.filter((event) => event.event === 'usedTools')).toEqual([{ event: 'usedTools', data: used }])
    expect(result.turns).toEqual([{ role: 'apiMessage', content: '42' }])
    expect(result.state).toEqual({ result: '42' })
    expect(step.streamed()).toBe('42')
  })

  it("gives a one-argument tool the previous text, or the arguments under the tool's name", async () => {
    const text = await runStep(
      seqToolNode,
      testStep(seqToolNode, { inputs: { tools: [calculatorTool] }, history: said('2 + 3') }),
    )
    expect(text.output.usedTools).toEqual([{ tool: 'calculator', toolInput: { expression: '2 + 3' }, toolOutput: '5' }])
    const named = await runStep(
      seqToolNode,
      testStep(seqToolNode, {
        inputs: { tools: [calculatorTool] },
        history: said('{"calculator": {"expression": "2 ^ 3"}}'),
      }),
    )
    expect(named.output.content).toBe('8')
  })

  it('asks for approval first when Require Approval is on, and runs nothing when the user rejects', async () => {
    const inputs = { tools: [calculatorTool], interrupt: true, approvalPrompt: 'May I run {tools}?' }
    const asked = await runStep(seqToolNode, testStep(seqToolNode, { inputs, history: said('6 * 7') }))
    expect(asked.pause).toEqual({ question: 'May I run calculator?', enableFeedback: false })
    expect(asked.output.usedTools).toBeUndefined()

    const approved = await runStep(
      seqToolNode,
      testStep(seqToolNode, {
        inputs,
        history: said('6 * 7'),
        humanInput: { type: 'proceed', startNodeId: 'seqToolNode_0' },
      }),
    )
    expect(approved.output.content).toBe('42')

    const rejected = await runStep(
      seqToolNode,
      testStep(seqToolNode, {
        inputs,
        history: said('6 * 7'),
        humanInput: { type: 'reject', startNodeId: 'seqToolNode_0' },
      }),
    )
    expect(rejected.output).toEqual({ content: 'The user did not approve running calculator, so it did not run.' })
    expect(rejected.pause).toBeUndefined()
  })

  it('says so when no tool is connected', async () => {
    await expect(runStep(seqToolNode, testStep(seqToolNode, { inputs: { tools: [] } }))).rejects.toThrow(
      'there are no tools: connect the tools this node runs.',
    )
  })
})
