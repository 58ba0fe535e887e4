import { describe, expect, it } from 'vitest'
import iteration from './iteration-agentflow.node.js'
import { runStep, testStep } from './testing/test-step.js'

const run = (iterationInput: unknown) => runStep(iteration, testStep(iteration, { inputs: { iterationInput } }))

describe('Iteration step', () => {
  it('gives the engine the items of a list, or of the JSON text of one', async () => {
    expect((await run(['a', { b: 1 }])).items).toEqual(['a', { b: 1 }])
    const result = await run('[1, 2, 3]')
    expect(result.items).toEqual([1, 2, 3])
    expect(result.output.content).toBe('[1,2,3]')
    expect((await run('[]')).items).toEqual([])
  })

  it('says the input must be a list and shows what it got, cut short', async () => {
    await expect(run('{"a": 1}')).rejects.toThrow(
      'Array Input must be a list (a JSON array such as ["a", "b"]), but it is {"a": 1}.',
    )
    await expect(run('apples, pears')).rejects.toThrow('but it is apples, pears.')
    await expect(run('')).rejects.toThrow('but it is empty.')
    await expect(run({ items: [1] })).rejects.toThrow('but it is {"items":[1]}.')
    await expect(run('x'.repeat(300))).rejects.toThrow(`but it is ${'x'.repeat(100)}….`)
  })
})
