import { describe, expect, it } from 'vitest'
import { findNode } from '../find-node.js'
import start from './start-agentflow.node.js'
import { runStep, testStep } from './testing/test-step.js'

const formFields = [
  { type: 'string', label: 'Your name', name: 'name' },
  { type: 'number', label: 'Age', name: 'age' },
  { type: 'boolean', label: 'Subscribe', name: 'subscribe' },
  { type: 'options', label: 'Plan', name: 'plan', addOptions: [{ option: 'Free' }, { option: 'Pro' }] },
]
const formInputs = { startInputType: 'formInput', formInputTypes: formFields }

describe('Start step', () => {
  it('starts a chat with the question, sets the initial state and records its switches', async () => {
    const step = testStep(start, {
      inputs: {
        startInputType: 'chatInput',
        startState: [
          { key: 'topic', value: 'billing' },
          { key: 'ticket' }, // no value: starts empty
        ],
        startEphemeralMemory: true,
      },
      run: { question: 'My invoice is wrong' },
      isLastStep: false,
    })
    const result = await runStep(start, step)
    expect(result.output).toEqual({
      content: 'My invoice is wrong',
      startEphemeralMemory: true,
      startPersistState: false,
    })
    expect(result.state).toEqual({ topic: 'billing', ticket: '' })
    expect(step.events).toEqual([])
  })

  it('reads a form: checks each field, converts text a chat form sends, and keeps only declared fields', async () => {
    const form = { name: 'Ada', age: '36', subscribe: 'true', plan: 'Pro', extra: 'ignored' }
    const result = await runStep(start, testStep(start, { inputs: formInputs, run: { form }, isLastStep: false }))
    const values = { name: 'Ada', age: 36, subscribe: true, plan: 'Pro' }
    expect(result.output.form).toEqual(values)
    expect(JSON.parse(result.output.content!)).toEqual(values)
  })

  it('names the field that is missing or has a value of the wrong type', async () => {
    const good = { name: 'Ada', age: 36, subscribe: false, plan: 'Free' }
    const failure = (form: Record<string, unknown> | undefined) =>
      runStep(start, testStep(start, { inputs: formInputs, run: { form } }))
    await expect(failure(undefined)).rejects.toThrow('The form field "Your name" (name) has no value')
    await expect(failure({ ...good, age: null })).rejects.toThrow('The form field "Age" (age) has no value')
    await expect(failure({ ...good, age: 'old' })).rejects.toThrow('The form field "Age" must be a number, not old.')
    await expect(failure({ ...good, subscribe: 'yes' })).rejects.toThrow('"Subscribe" must be true or false')
    await expect(failure({ ...good, name: 7 })).rejects.toThrow('The form field "Your name" must be text, not 7.')
    await expect(failure({ ...good, plan: 'Gold' })).rejects.toThrow('"Plan" must be one of "Free", "Pro", not Gold.')
  })

  it('names the row of a flow state key or form field left blank', async () => {
    const state = testStep(start, {
      inputs: {
        startState: [
          { key: 'a', value: '1' },
          { key: ' ', value: '2' },
        ],
      },
    })
    await expect(runStep(start, state)).rejects.toThrow('Flow State: row 2 has no Key.')
    const field = testStep(start, {
      inputs: { startInputType: 'formInput', formInputTypes: [{ type: 'string', label: 'Name', name: '' }] },
      run: { form: {} },
    })
    await expect(runStep(start, field)).rejects.toThrow('Form Input Types: row 1 has no Variable Name.')
  })

  it('streams the question when nothing follows it', async () => {
    const step = testStep(start, { run: { question: 'Hello' }, isLastStep: true })
    await runStep(start, step)
    expect(step.streamed()).toBe('Hello')
  })

  it('no longer carries the cannot-run badge in the catalogue', () => {
    expect(findNode('startAgentflow')!.descriptor.badge).toBeUndefined()
  })
})
