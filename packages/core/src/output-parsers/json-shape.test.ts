import { describe, expect, it } from 'vitest'
import { checkJsonShape, jsonShapeInstructions, shapeFromColumns, toJsonSchema } from './json-shape.js'

const table = [
  { property: 'answer', type: 'string', description: "answer to the user's question" },
  { property: 'score', type: 'number', description: '' },
  { property: 'sure', type: 'boolean' },
]

describe('JSON shapes', () => {
  it('turns a JSON Structure table into a JSON Schema with every property required', () => {
    expect(toJsonSchema(shapeFromColumns(table))).toEqual({
      type: 'object',
      properties: {
        answer: { type: 'string', description: "answer to the user's question" },
        score: { type: 'number' },
        sure: { type: 'boolean' },
      },
      required: ['answer', 'score', 'sure'],
      additionalProperties: false,
    })
    expect(jsonShapeInstructions(shapeFromColumns(table))).toMatch(/JSON Schema.*\n```json\n\{"type":"object"/)
  })

  it('refuses a table with no property or an unknown type', () => {
    expect(() => shapeFromColumns([{ property: ' ' }])).toThrow('The JSON Structure names no property.')
    expect(() => shapeFromColumns([{ property: 'a', type: 'date' }])).toThrow(/string, number or boolean, not date/)
  })

  it('accepts a value that fits and names every property that does not', () => {
    const shape = shapeFromColumns(table)
    expect(checkJsonShape({ answer: 'yes', score: 2, sure: true }, shape)).toEqual([])
    expect(checkJsonShape({ answer: 3, sure: 'no' }, shape)).toEqual([
      'answer: expected a string, got a number',
      'score: missing',
      'sure: expected a boolean, got a string',
    ])
    expect(checkJsonShape([1], shape)).toEqual(['the answer: expected an object, got an array'])
  })

  it('checks arrays, enums, whole numbers, limits, optional and nullable values', () => {
    const shape = {
      type: 'object' as const,
      properties: {
        genres: { type: 'array' as const, items: { type: 'string' as const, enum: ['Drama', 'Comedy'] }, maxItems: 1 },
        year: { type: 'number' as const, integer: true },
        note: { type: 'string' as const, optional: true, nullable: true, maxLength: 3 },
      },
    }
    expect(checkJsonShape({ genres: ['Drama'], year: 1999 }, shape)).toEqual([])
    expect(checkJsonShape({ genres: ['Drama'], year: 1999, note: null }, shape)).toEqual([])
    expect(checkJsonShape({ genres: ['Drama', 'Horror'], year: 19.5, note: 'long' }, shape)).toEqual([
      'genres[1]: "Horror" is not one of Drama, Comedy',
      'genres: has 2 items, at most 1 expected',
      'year: expected a whole number, got 19.5',
      'note: longer than 3 characters',
    ])
  })
})
