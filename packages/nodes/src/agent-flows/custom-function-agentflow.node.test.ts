import { afterAll, describe, expect, it } from 'vitest'
import { closeSandbox } from '../sandbox/run-user-code.js'
import customFunction from './custom-function-agentflow.node.js'
import { runStep, testStep } from './testing/test-step.js'

const run = (inputs: Record<string, unknown>, options: Parameters<typeof testStep>[1] = {}) => {
  const step = testStep(customFunction, { isLastStep: false, ...options, inputs })
  return runStep(customFunction, step)
}

afterAll(() => closeSandbox())

describe('Custom Function step', () => {
  it('runs the code with its variables as $<name> and returns text as it is', async () => {
    const result = await run({
      customFunctionInputVariables: [{ variableName: 'city', variableValue: 'Lisbon' }],
      customFunctionJavascriptFunction: 'return `Weather in ${$city} is sunny`',
    })
    expect(result.output).toEqual({ content: 'Weather in Lisbon is sunny' })
  })

  it('gives the code $flow (with the branch state) and $vars', async () => {
    const result = await run(
      {
        customFunctionJavascriptFunction:
          'return [$flow.chatId, $flow.sessionId, $flow.chatflowId, $flow.input, $flow.state.topic, $vars.region].join("|")',
      },
      { state: { topic: 'billing' }, run: { question: 'Hi', vars: { region: 'eu' } } },
    )
    expect(result.output.content).toBe('chat-1|session-1|flow-1|Hi|billing|eu')
  })

  it('returns other values as JSON text, and nothing as empty text', async () => {
    const object = await run({ customFunctionJavascriptFunction: 'return { total: 3, items: ["a"] }' })
    expect(JSON.parse(object.output.content!)).toEqual({ total: 3, items: ['a'] })
    expect((await run({ customFunctionJavascriptFunction: 'return 42' })).output.content).toBe('42')
    expect((await run({ customFunctionJavascriptFunction: 'const x = 1' })).output.content).toBe('')
  })

  it('streams the returned text when it ends the flow', async () => {
    const step = testStep(customFunction, { inputs: { customFunctionJavascriptFunction: 'return "done"' } })
    await runStep(customFunction, step)
    expect(step.streamed()).toBe('done')
  })

  it("fails with the code's own message when it throws", async () => {
    await expect(run({ customFunctionJavascriptFunction: 'throw new Error("out of stock")' })).rejects.toThrow(
      'out of stock',
    )
  })

  it('fails clearly on empty code and on variable names the code cannot use', async () => {
    await expect(run({ customFunctionJavascriptFunction: '  ' })).rejects.toThrow('Javascript Function is empty')
    const withVariables = (variableName: string) =>
      run({
        customFunctionInputVariables: [{ variableName, variableValue: 'x' }],
        customFunctionJavascriptFunction: 'return 1',
      })
    await expect(withVariables('')).rejects.toThrow('Input Variables: row 1 has no Variable Name.')
    await expect(withVariables('my city')).rejects.toThrow('"my city" cannot be used as $name')
    await expect(withVariables('flow')).rejects.toThrow('"flow" would hide $flow or $vars')
  })

  it('stops the code when the run is stopped', async () => {
    const controller = new AbortController()
    const running = run({ customFunctionJavascriptFunction: 'while (true) {}' }, { run: { signal: controller.signal } })
    setTimeout(() => controller.abort(new Error('stopped by the user')), 50)
    await expect(running).rejects.toThrow('stopped by the user')
  })
})
