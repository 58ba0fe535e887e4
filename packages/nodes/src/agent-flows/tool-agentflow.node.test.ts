import { afterAll, describe, expect, it } from 'vitest'
import { closeSandbox } from '../sandbox/run-user-code.js'
import { runStep, testStep } from './testing/test-step.js'
import toolStep from './tool-agentflow.node.js'

const run = (inputs: Record<string, unknown>, isLastStep = false) => {
  const step = testStep(toolStep, { inputs, isLastStep })
  return { step, result: runStep(toolStep, step) }
}

afterAll(() => closeSandbox())

describe('Tool step', () => {
  it('calls the picked tool with the arguments set on the step and reports it as a tool used', async () => {
    const { step, result } = run({
      toolAgentflowSelectedTool: 'calculator',
      toolInputArgs: [{ inputArgName: 'expression', inputArgValue: '(2 + 3) * 4' }],
    })
    const usedTools = [{ tool: 'calculator', toolInput: { expression: '(2 + 3) * 4' }, toolOutput: '20' }]
    expect((await result).output).toEqual({ content: '20', usedTools })
    expect(step.events).toEqual([{ event: 'usedTools', data: usedTools }])
  })

  it('builds the tool from its settings kept beside the pick, and types arguments as its schema asks', async () => {
    const { step, result } = run(
      {
        toolAgentflowSelectedTool: 'customTool',
        toolAgentflowSelectedToolConfig: {
          toolAgentflowSelectedTool: 'customTool',
          customToolName: 'add_items',
          customToolDesc: 'Adds',
          customToolSchema: [
            { property: 'count', type: 'number', required: true },
            { property: 'gift', type: 'boolean', required: true },
          ],
          customToolFunc: 'return typeof $count + ":" + ($count + 1) + ":" + typeof $gift',
        },
        toolInputArgs: [
          { inputArgName: 'count', inputArgValue: '41' },
          { inputArgName: 'gift', inputArgValue: 'false' },
        ],
      },
      true,
    )
    const { output } = await result
    expect(output.content).toBe('number:42:boolean')
    expect(output.usedTools).toEqual([
      { tool: 'add_items', toolInput: { count: 41, gift: false }, toolOutput: 'number:42:boolean' },
    ])
    expect(step.streamed()).toBe('number:42:boolean')
  })

  it('keeps text that does not read as the asked type, for the tool to answer', async () => {
    const { result } = run({
      toolAgentflowSelectedTool: 'customTool',
      toolAgentflowSelectedToolConfig: {
        customToolName: 'echo',
        customToolDesc: 'Echoes',
        customToolSchema: [{ property: 'count', type: 'number' }],
        customToolFunc: 'return typeof $count + ":" + $count',
      },
      toolInputArgs: [{ inputArgName: 'count', inputArgValue: 'many' }],
    })
    expect((await result).output.content).toBe('string:many')
  })

  it('fails clearly without a tool, with an unknown tool, or with an argument without a name', async () => {
    await expect(run({}).result).rejects.toThrow('Tool is empty: pick the tool to call.')
    await expect(run({ toolAgentflowSelectedTool: 'noSuchTool' }).result).rejects.toThrow('No node named noSuchTool')
    await expect(
      run({ toolAgentflowSelectedTool: 'calculator', toolInputArgs: [{ inputArgValue: '1' }] }).result,
    ).rejects.toThrow('Tool Input Arguments: row 1 has no Input Argument Name.')
  })
})
