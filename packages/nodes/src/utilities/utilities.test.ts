import { describe, expect, it } from 'vitest'
import { promptLines, recordingOfflineModel, runNode, testRun, answerOf } from '../runtime/test-run.js'
import llmChain from '../chains/llm-chain.node.js'
import promptTemplate from '../prompts/prompt-template.node.js'
import customFunction from './custom-function.node.js'
import getVariable from './get-variable.node.js'
import ifElseFunction from './if-else-function.node.js'
import setVariable from './set-variable.node.js'

describe('IfElse Function', () => {
  const inputs = {
    functionInputVariables: '{"word": "hello"}',
    ifFunction: 'if ($input.includes($word)) {\n  return "greeting: " + $input\n}',
    elseFunction: 'return `other (${$flow.sessionId})`',
  }

  it('takes the True path with what the IF code returned', async () => {
    await expect(runNode(ifElseFunction, inputs, testRun({ question: 'hello there' }))).resolves.toEqual({
      kind: 'branch',
      output: 'returnTrue',
      value: 'greeting: hello there',
    })
  })

  it('takes the False path with what the ELSE code returned when IF returns nothing', async () => {
    await expect(runNode(ifElseFunction, inputs, testRun({ question: 'bye' }))).resolves.toEqual({
      kind: 'branch',
      output: 'returnFalse',
      value: 'other (session-1)',
    })
  })

  it('names input variables the code could not use', async () => {
    await expect(
      runNode(ifElseFunction, { ...inputs, functionInputVariables: { 'my word': 1 } }, testRun()),
    ).rejects.toThrow('Input Variables: "my word" cannot be used as $name')
  })
})

describe('Custom JS Function', () => {
  it('passes on what the code returns, with input variables, $vars and $flow', async () => {
    const run = testRun({ question: 'Oslo', vars: { unit: 'C' } })
    run.scope.flowState.set('count', 2)
    const value = await runNode(
      customFunction,
      {
        functionInputVariables: { greeting: 'Hi' },
        javascriptFunction: 'return { text: `${$greeting} ${$input}`, unit: $vars.unit, count: $flow.state.count + 1 }',
      },
      run,
      { output: 'output' },
    )
    expect(value).toEqual({ text: 'Hi Oslo', unit: 'C', count: 3 })
    expect(run.events).toEqual([])
  })

  it('as the ending node answers with the text, or with JSON shown as text', async () => {
    const run = testRun({ question: 'x' })
    const text = await answerOf(
      await runNode(customFunction, { javascriptFunction: 'return "done"' }, run, { isEnding: true }),
      run,
    )
    expect(text).toEqual({ text: 'done' })
    expect(run.streamed()).toBe('done')
    const json = await answerOf(
      await runNode(customFunction, { javascriptFunction: 'return { a: 1 }' }, testRun(), { output: 'EndingNode' }),
      testRun(),
    )
    expect(json).toEqual({ text: '{\n  "a": 1\n}', json: { a: 1 } })
  })

  it('reports the error of failing code', async () => {
    await expect(runNode(customFunction, { javascriptFunction: 'return $missing.x' }, testRun())).rejects.toThrow(
      "Custom code failed: ReferenceError: '$missing' is not defined",
    )
    await expect(runNode(customFunction, { javascriptFunction: '' }, testRun())).rejects.toThrow(
      'Javascript Function is empty',
    )
  })
})

describe('Set Variable and Get Variable', () => {
  it('store a value under a name for the rest of the run', async () => {
    const run = testRun()
    await expect(runNode(setVariable, { variableName: 'city', input: ['Oslo'] }, run)).resolves.toBe('Oslo')
    await expect(runNode(getVariable, { variableName: 'city' }, run)).resolves.toBe('Oslo')
    await runNode(setVariable, { variableName: 'both', input: ['a', { b: 1 }] }, run)
    await expect(runNode(getVariable, { variableName: 'both' }, run)).resolves.toEqual(['a', { b: 1 }])
  })

  it('a stored value fills a prompt downstream', async () => {
    const run = testRun({ question: 'Where?' })
    const city = await runNode(setVariable, { variableName: 'city', input: 'Bergen' }, run)
    const read = await runNode(getVariable, { variableName: 'city' }, run)
    const prompt = await runNode(
      promptTemplate,
      { template: '{question} In {city}.', promptValues: { city: read } },
      run,
    )
    const { model, calls } = recordingOfflineModel()
    await answerOf(await runNode(llmChain, { model, prompt }, run, { isEnding: true }), run)
    expect(city).toBe('Bergen')
    expect(promptLines(calls[0]!)).toEqual(['user: Where? In Bergen.'])
  })

  it('say what is missing', async () => {
    const run = testRun()
    await expect(runNode(getVariable, { variableName: 'nope' }, run)).rejects.toThrow(
      'No value named "nope" has been set in this run',
    )
    await expect(runNode(setVariable, { input: ['x'] }, run)).rejects.toThrow('Variable Name is empty')
    const chain = await runNode(
      llmChain,
      { model: recordingOfflineModel().model, prompt: await runNode(promptTemplate, { template: '{question}' }, run) },
      run,
    )
    await expect(runNode(setVariable, { variableName: 'v', input: [chain] }, run)).rejects.toThrow(
      'Input is a chain, not a value',
    )
  })
})
