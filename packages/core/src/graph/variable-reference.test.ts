import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { InputParam } from '../types/node.js'
import { connectVariable, disconnectVariable } from './variable-reference.js'
import { makeNode, promptTemplate, textNode } from './test-fixtures.js'

const promptValues = promptTemplate.inputs[1]!
const text = textNode.inputs[0]!
const prompt = (inputs: Record<string, unknown>) => {
  const node = makeNode(promptTemplate, 'promptTemplate_0')
  return { ...node.data, inputs: { ...node.data.inputs, ...inputs } }
}
const textData = (value: unknown) => ({ ...makeNode(textNode, 'textNode_0').data, inputs: { text: value } })
const only = (...ids: string[]) => new Set(ids)

describe('connectVariable', () => {
  it('appends the reference to text, after a space when there is text already', () => {
    expect(connectVariable(textData(''), text, 'a_0')).toBe('{{a_0.data.instance}}')
    expect(connectVariable(textData('Hello'), text, 'a_0')).toBe('Hello {{a_0.data.instance}}')
    expect(connectVariable(textData('Hi {{a_0.data.instance}}'), text, 'a_0')).toBe('Hi {{a_0.data.instance}}')
  })

  it('gives the first template variable without a value a key, as JSON text', () => {
    const data = prompt({ template: 'Tell {who} about {topic}', promptValues: '{ "who": "me" }' })
    const value = connectVariable(data, promptValues, 'ifElseFunction_0')
    expect(JSON.parse(value as string)).toEqual({ who: 'me', topic: '{{ifElseFunction_0.data.instance}}' })
    expect(connectVariable(prompt({ template: 'About {topic}', promptValues: '' }), promptValues, 'a_0')).toBe(
      JSON.stringify({ topic: '{{a_0.data.instance}}' }, null, 2),
    )
  })

  it('names the key after the source node when every variable has a value, and keeps an object an object', () => {
    const data = prompt({ template: 'About {topic}', promptValues: { topic: '{{question}}' } })
    expect(connectVariable(data, promptValues, 'a_0')).toEqual({
      topic: '{{question}}',
      a_0: '{{a_0.data.instance}}',
    })
  })

  it('leaves JSON that does not parse, and a reference already there, as they are', () => {
    expect(connectVariable(prompt({ promptValues: '{ "a": ' }), promptValues, 'a_0')).toBe('{ "a": ')
    const connected = { x: '{{a_0.data.instance}}' }
    expect(connectVariable(prompt({ template: '{y}', promptValues: connected }), promptValues, 'a_0')).toBe(connected)
  })
})

describe('disconnectVariable', () => {
  it('takes the reference out of text with the space before it', () => {
    expect(disconnectVariable('Hello {{a_0.data.instance}} there', text, only('a_0'))).toBe('Hello there')
    expect(disconnectVariable('{{a_0.data.instance}} {{b_0.data.instance}}', text, only('a_0'))).toBe(
      '{{b_0.data.instance}}',
    )
    expect(disconnectVariable('{{ a_0.data.instance }}', text, only('a_0'))).toBe('')
    expect(disconnectVariable('{{a_10.data.instance}}', text, only('a_1'))).toBe('{{a_10.data.instance}}')
  })

  it('removes the JSON key whose value is exactly the reference, and only that key', () => {
    const value = JSON.stringify({ topic: '{{a_0.data.instance}}', other: 'see {{a_0.data.instance}}', x: '1' })
    expect(JSON.parse(disconnectVariable(value, promptValues, only('a_0')) as string)).toEqual({
      other: 'see {{a_0.data.instance}}',
      x: '1',
    })
    expect(disconnectVariable({ topic: '{{a_0.data.instance}}' }, promptValues, only('a_0'))).toEqual({})
    expect(disconnectVariable('{"topic":"{{a_0.data.instance}}"}', promptValues, only('a_0'))).toBe('')
  })

  it('property: disconnecting what was just connected gives back the value (text or JSON)', () => {
    const words = fc.array(fc.constantFrom('alpha', 'beta', '{{question}}', '{{b_1.data.instance}}'), { maxLength: 4 })
    fc.assert(
      fc.property(words, fc.boolean(), (parts, asJson) => {
        const param: InputParam = asJson ? promptValues : text
        const before = asJson
          ? parts.length === 0
            ? ''
            : JSON.stringify(Object.fromEntries(parts.map((part, index) => [`k${index}`, part])), null, 2)
          : parts.join(' ')
        const data = asJson ? prompt({ promptValues: before }) : textData(before)
        const connected = connectVariable(data, param, 'a_0')
        expect(connected).not.toBe(before)
        expect(disconnectVariable(connected, param, only('a_0'))).toBe(before)
      }),
    )
  })
})
