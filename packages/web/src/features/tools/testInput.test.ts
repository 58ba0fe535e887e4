import { readToolInputSchema, type ToolJsonSchema } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { readInputJson, testFieldsOf, testInputOf, testValuesOf } from './testInput'

const schema = readToolInputSchema({
  type: 'object',
  properties: {
    city: { type: 'string', description: 'Where' },
    days: { type: 'integer' },
    hourly: { type: 'boolean' },
    units: { type: 'string', enum: ['metric', 'imperial'] },
    on: { type: 'string', format: 'date' },
    stops: { type: 'array', items: { type: 'string' } },
  },
  required: ['city'],
}).schema as ToolJsonSchema
const fields = testFieldsOf(schema)

describe('test input', () => {
  it('asks for each argument with a control fit for its type', () => {
    expect(fields.map((field) => [field.name, field.kind, field.required])).toEqual([
      ['city', 'string', true],
      ['days', 'number', false],
      ['hourly', 'boolean', false],
      ['units', 'choice', false],
      ['on', 'date', false],
      ['stops', 'json', false],
    ])
    expect(fields[3]!.options).toEqual(['metric', 'imperial'])
  })

  it('sends numbers as numbers, JSON parsed, and leaves out what the user left empty', () => {
    expect(testInputOf(fields, { city: 'Oslo', days: '3', hourly: true, stops: '["Bergen"]', on: '' })).toEqual({
      input: { city: 'Oslo', days: 3, hourly: true, stops: ['Bergen'] },
    })
  })

  it('names each argument it cannot send', () => {
    expect(testInputOf(fields, { days: 'three', stops: '[' })).toEqual({
      errors: { city: 'city is required', days: 'days must be a number', stops: 'stops is not valid JSON' },
    })
  })

  it('keeps values across a switch to JSON and back', () => {
    const values = { city: 'Oslo', days: '3', hourly: true, stops: '["Bergen"]' }
    const reading = testInputOf(fields, values)
    expect('input' in reading && testValuesOf(fields, reading.input)).toEqual(values)
  })

  it('reads an arguments object written as JSON, and says what is wrong with anything else', () => {
    expect(readInputJson('{"city":"Oslo"}')).toEqual({ input: { city: 'Oslo' } })
    expect(readInputJson('')).toEqual({ input: {} })
    expect(readInputJson('[1]')).toEqual({
      error: 'Sample input must be a JSON object of arguments, e.g. { "city": "Oslo" }',
    })
    expect(readInputJson('{')).toEqual({ error: expect.stringMatching(/^Sample input is not valid JSON: /) })
  })
})
