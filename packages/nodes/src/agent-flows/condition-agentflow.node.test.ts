import { describe, expect, it } from 'vitest'
import condition from './condition-agentflow.node.js'
import { runStep, testStep } from './testing/test-step.js'

const run = (conditions: unknown, isLastStep = false) =>
  runStep(condition, testStep(condition, { inputs: { conditions }, isLastStep }))

describe('Condition step', () => {
  it('follows the first output whose rule holds and records every output', async () => {
    const result = await run([
      { type: 'number', value1: '3', operation: 'larger', value2: '5' },
      { type: 'string', value1: 'What does Pro cost?', operation: 'contains', value2: 'cost' },
      { type: 'string', value1: 'What does Pro cost?', operation: 'notEmpty' },
    ])
    expect(result.next).toEqual([1])
    expect(result.output).toEqual({
      content: 'Condition 1',
      conditions: [
        { output: 'Condition 0', isFulfilled: false },
        { output: 'Condition 1', isFulfilled: true },
        { output: 'Condition 2', isFulfilled: false },
        { output: 'Else', isFulfilled: false },
      ],
    })
  })

  it('follows Else, the output after the rules, when none holds', async () => {
    const result = await run([{ type: 'boolean', value1: 'false', operation: 'equal', value2: 'true' }])
    expect(result.next).toEqual([1])
    expect(result.output.content).toBe('Else')
  })

  it('reads rules kept as JSON text', async () => {
    const result = await run(JSON.stringify([{ type: 'string', value1: 'a', operation: 'equal', value2: 'a' }]))
    expect(result.next).toEqual([0])
  })

  it('fails with the rule and the value that cannot be compared', async () => {
    await expect(run([{ type: 'number', value1: 'lots', operation: 'larger', value2: '1' }])).rejects.toThrow(
      'Condition 0: Value 1 is "lots", which is not a number.',
    )
    await expect(run([{ type: 'string', value1: 'a', operation: 'regex', value2: '[' }])).rejects.toThrow(
      'Condition 0: the regex "[" is not valid',
    )
  })

  it('tests regex rules in the sandbox, so a pattern that backtracks forever cannot hold the server', async () => {
    expect((await run([{ type: 'string', value1: 'order 42', operation: 'regex', value2: '\\d+' }])).next).toEqual([0])
    const started = Date.now()
    const stranger = `${'a'.repeat(40)}!`
    await expect(run([{ type: 'string', value1: stranger, operation: 'regex', value2: '^(a+)+$' }])).rejects.toThrow(
      /Condition 0: the regex "\^\(a\+\)\+\$" is not valid or took too long/,
    )
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('streams the taken output only when nothing follows it', async () => {
    const middle = testStep(condition, { inputs: { conditions: [] }, isLastStep: false })
    await runStep(condition, middle)
    expect(middle.streamed()).toBe('')
    const last = testStep(condition, { inputs: { conditions: [] }, isLastStep: true })
    await runStep(condition, last)
    expect(last.streamed()).toBe('Else')
  })
})
