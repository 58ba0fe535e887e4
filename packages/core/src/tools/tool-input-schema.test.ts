import { describe, expect, it } from 'vitest'
import { readToolInputSchema } from './tool-input-schema.js'

const orderRows = [
  { property: 'orderId', type: 'string', description: 'The order number', required: true },
  { property: 'quantity', type: 'number', description: '', required: false },
  { property: 'gift', type: 'boolean', required: 'true' },
  { property: 'on', type: 'date', description: 'Day of delivery' },
]
const orderSchema = {
  type: 'object',
  properties: {
    orderId: { type: 'string', description: 'The order number' },
    quantity: { type: 'number' },
    gift: { type: 'boolean' },
    on: { type: 'string', format: 'date', description: 'Day of delivery' },
  },
  required: ['orderId', 'gift'],
}

describe('readToolInputSchema', () => {
  it('turns Flowise grid rows, as JSON text or as parsed rows, into a JSON Schema', () => {
    expect(readToolInputSchema(JSON.stringify(orderRows))).toEqual({ schema: orderSchema })
    expect(readToolInputSchema(orderRows)).toEqual({ schema: orderSchema })
  })

  it('reads no schema as a tool without arguments', () => {
    const none = { schema: { type: 'object', properties: {} } }
    for (const value of [undefined, null, '', '  ', '[]', []]) expect(readToolInputSchema(value)).toEqual(none)
  })

  it('skips rows left blank, and takes a row without a type as text', () => {
    const rows = [{ property: '', type: 'string', description: '' }, { property: ' city ' }]
    expect(readToolInputSchema(rows)).toEqual({
      schema: { type: 'object', properties: { city: { type: 'string' } } },
    })
  })

  it('takes a JSON Schema object as written, keeping its other keywords', () => {
    const schema = {
      type: 'object',
      description: 'Where to look',
      properties: {
        city: { type: 'string', enum: ['Oslo', 'Paris'] },
        stops: { type: 'array', items: { type: 'string' } },
      },
      required: ['city'],
      additionalProperties: false,
    }
    expect(readToolInputSchema(JSON.stringify(schema))).toEqual({ schema })
    expect(readToolInputSchema({ properties: { city: { type: 'string' } } })).toEqual({
      schema: { type: 'object', properties: { city: { type: 'string' } } },
    })
  })

  it('names what is wrong with grid rows', () => {
    const cases: [unknown, string][] = [
      ['{not json', 'is not JSON: write a list of properties or a JSON Schema object'],
      ['"text"', 'must be a list of properties or a JSON Schema object'],
      [42, 'must be a list of properties or a JSON Schema object'],
      [['city'], 'row 1 is not an object with property, type, description and required'],
      [
        [{ property: 'city' }, { property: 'order id' }],
        'row 2: property "order id" cannot be used: write up to 64 letters, digits or _, not starting with a digit, as the code reads it as $<name>',
      ],
      [
        [{ property: '2nd' }],
        'row 1: property "2nd" cannot be used: write up to 64 letters, digits or _, not starting with a digit, as the code reads it as $<name>',
      ],
      [[{ property: 'city' }, { property: 'city' }], 'row 2: property "city" is listed twice'],
      [[{ property: 'n', type: 'integer' }], 'row 1: type "integer" must be one of string, number, boolean, date'],
      [[{ property: '', description: 'The city' }], 'row 1 has a description but no property name'],
    ]
    for (const [value, error] of cases) expect(readToolInputSchema(value), error).toEqual({ error })
  })

  it('names what is wrong with a JSON Schema object', () => {
    const cases: [unknown, string][] = [
      [{ type: 'string' }, 'must have "type": "object", as the arguments are named properties'],
      [{ type: 'object', properties: [] }, '"properties" must be an object of property schemas'],
      [
        { type: 'object', properties: { city: 'string' } },
        'property "city" must be a JSON Schema object, e.g. { "type": "string" }',
      ],
      [
        { type: 'object', properties: { 'the-city': { type: 'string' } } },
        'property "the-city" cannot be used: write up to 64 letters, digits or _, not starting with a digit, as the code reads it as $<name>',
      ],
      [{ type: 'object', properties: {}, required: 'city' }, '"required" must be a list of property names'],
      [
        { type: 'object', properties: { city: {} }, required: ['town'] },
        '"required" names "town", which is not a property',
      ],
    ]
    for (const [value, error] of cases) expect(readToolInputSchema(value), error).toEqual({ error })
  })
})
