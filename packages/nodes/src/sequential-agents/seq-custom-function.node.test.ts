import { describe, expect, it } from 'vitest'
import { runStep, testStep } from '../agent-flows/testing/test-step.js'
import seqCustomFunction from './seq-custom-function.node.js'

const history = [{ role: 'userMessage' as const, content: 'Plan my day' }]

const run = (inputs: Record<string, unknown>) =>
  runStep(
    seqCustomFunction,
    testStep(seqCustomFunction, {
      inputs,
      history,
      state: { city: 'Oslo' },
      run: { vars: { unit: 'C' } },
      isLastStep: false,
    }),
  )

describe('the sequential Custom JS Function step', () => {
  it('runs the code with its Input Variables, $flow and $vars, and adds its answer to the conversation', async () => {
    const result = await run({
      functionInputVariables: '{"city": "$flow.state.city", "greeting": "Hello"}',
      javascriptFunction:
        'return `${$greeting}: ${$city} is 20 ${$vars.unit}; you said ${$flow.state.messages[0].content}`',
    })
    expect(result.output.content).toBe('Hello: Oslo is 20 C; you said Plan my day')
    expect(result.turns).toEqual([{ role: 'apiMessage', content: result.output.content }])
  })

  it('returns a Human Message or a State Object as asked', async () => {
    const human = await run({ javascriptFunction: 'return "again"', returnValueAs: 'humanMessage' })
    expect(human.turns).toEqual([{ role: 'userMessage', content: 'again' }])

    const state = await run({ javascriptFunction: 'return { city: "Bergen" }', returnValueAs: 'stateObj' })
    expect(state.state).toEqual({ city: 'Bergen' })
    expect(state.turns).toBeUndefined()
    await expect(run({ javascriptFunction: 'return "Bergen"', returnValueAs: 'stateObj' })).rejects.toThrow(
      'Return Value As is State Object, but what the code returned is not an object: Bergen.',
    )
  })

  it('says so when there is no code', async () => {
    await expect(run({ javascriptFunction: ' ' })).rejects.toThrow('Javascript Function is empty')
  })
})
