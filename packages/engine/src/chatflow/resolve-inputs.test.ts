import { describe, expect, it } from 'vitest'
import { resolveInputs } from './resolve-inputs.js'
import type { TextVariables } from './substitute-variables.js'

const model = { kind: 'chatModel' }
const tools = [
  { kind: 'tool', name: 'a' },
  { kind: 'tool', name: 'b' },
]
const variables: TextVariables = {
  question: 'Say "hi"',
  history: [],
  vars: { tone: 'warm' },
  flow: { chatflowId: 'flow-1', chatId: 'chat-1', sessionId: 'session-1' },
  state: new Map(),
  nodeValue: (id) => ({ model_0: model, tool_0: tools[0], tool_1: tools[1], text_0: 'a summary' })[id],
}

describe('resolveInputs', () => {
  it('gives a connected input the built value itself, and a list anchor an array of values', () => {
    const inputs = resolveInputs(
      { model: '{{model_0.data.instance}}', tools: ['{{tool_0.data.instance}}', '{{ tool_1.data.instance }}'] },
      [],
      variables,
    )
    expect(inputs.model).toBe(model)
    expect(inputs.tools).toEqual(tools)
    expect((inputs.tools as unknown[])[0]).toBe(tools[0])
  })

  it('leaves out of a list a connection to a node that is not in the flow', () => {
    const inputs = resolveInputs({ tools: ['{{tool_0.data.instance}}', '{{gone_9.data.instance}}'] }, [], variables)
    expect(inputs.tools).toEqual([tools[0]])
  })

  it('substitutes variables in text params and nested values', () => {
    const inputs = resolveInputs(
      { system: 'Be $vars.tone. Q: {{question}}', grid: [{ value: '{{text_0.data.instance}}!' }], temperature: 0.2 },
      [{ label: 'System', name: 'system', type: 'string' }],
      variables,
    )
    expect(inputs).toEqual({ system: 'Be warm. Q: Say "hi"', grid: [{ value: 'a summary!' }], temperature: 0.2 })
  })

  it('keeps JSON text valid when a value with quotes is put in', () => {
    const inputs = resolveInputs(
      { promptValues: '{ "question": "{{question}}", "summary": "{{text_0.data.instance}}" }' },
      [{ label: 'Values', name: 'promptValues', type: 'json' }],
      variables,
    )
    expect(JSON.parse(inputs.promptValues as string)).toEqual({ question: 'Say "hi"', summary: 'a summary' })
  })

  it('leaves code as written: its $vars and $flow belong to the sandbox', () => {
    const code = 'return $vars.tone + $flow.chatId + "{{question}}"'
    const inputs = resolveInputs({ code }, [{ label: 'Code', name: 'code', type: 'code' }], variables)
    expect(inputs.code).toBe(code)
  })
})
