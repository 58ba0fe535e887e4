import { readToolInputSchema, type ToolJsonSchema } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { newRow, rowsOfJsonSchema, schemaDraftOf, schemaTextOf } from './schemaRows'

const cityRow = { id: 1, property: 'city', type: 'string' as const, description: 'Where', required: true }

describe('input schema drafts', () => {
  it('opens Flowise grid rows in the grid and saves them back as rows', () => {
    const saved = JSON.stringify([{ id: 7, property: 'city', type: 'string', description: 'Where', required: 'true' }])
    const draft = schemaDraftOf(saved)
    expect(draft).toEqual({ mode: 'grid', rows: [{ ...cityRow, id: 7 }], json: '' })
    expect(JSON.parse(schemaTextOf(draft)!)).toEqual([{ ...cityRow, id: 7 }])
  })

  it('opens no schema as an empty grid', () => {
    for (const schema of [null, undefined, '', '  '])
      expect(schemaDraftOf(schema)).toEqual({ mode: 'grid', rows: [], json: '' })
  })

  it('opens a JSON Schema object, or text that is not JSON, as text so nothing is lost', () => {
    expect(schemaDraftOf('{"type":"object","properties":{}}')).toEqual({
      mode: 'json',
      rows: [],
      json: '{\n  "type": "object",\n  "properties": {}\n}',
    })
    expect(schemaDraftOf('{ broken')).toEqual({ mode: 'json', rows: [], json: '{ broken' })
    expect(schemaTextOf({ mode: 'json', rows: [], json: '  ' })).toBeNull()
  })

  it('numbers a new row after the highest id', () => {
    expect(newRow([{ ...cityRow, id: 4 }]).id).toBe(5)
    expect(newRow([]).id).toBe(1)
  })

  it('turns a JSON Schema into rows, naming what the grid cannot keep', () => {
    const schema = readToolInputSchema({
      type: 'object',
      additionalProperties: false,
      properties: {
        city: { type: 'string', description: 'Where' },
        on: { type: 'string', format: 'date' },
        days: { type: 'integer' },
        units: { type: 'string', enum: ['metric', 'imperial'] },
        ok: { type: 'boolean' },
      },
      required: ['city'],
    }).schema as ToolJsonSchema
    const { rows, lost } = rowsOfJsonSchema(schema)
    expect(rows.map(({ property, type, required }) => [property, type, required])).toEqual([
      ['city', 'string', true],
      ['on', 'date', false],
      ['days', 'string', false],
      ['units', 'string', false],
      ['ok', 'boolean', false],
    ])
    expect(lost).toEqual(['additionalProperties', 'days', 'units'])
  })
})
