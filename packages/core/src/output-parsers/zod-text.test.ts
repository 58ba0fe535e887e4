import { describe, expect, it } from 'vitest'
import { checkJsonShape, toJsonSchema } from './json-shape.js'
import { readZodText } from './zod-text.js'

// Flowise's default schema of the Advanced Structured Output Parser, comments and all.
const FLOWISE_DEFAULT = `z.object({
    title: z.string(), // Title of the movie as a string
    yearOfRelease: z.number().int(), // Release year as an integer number,
    genres: z.enum([
        "Action", "Comedy", "Drama", "Fantasy", "Horror",
        "Mystery", "Romance", "Science Fiction", "Thriller", "Documentary"
    ]).array().max(2), // Array of genres, max of 2 from the defined enum
    shortDescription: z.string().max(500) // Short description, max 500 characters
})`

describe('reading a Zod schema text', () => {
  it("reads Flowise's default schema into the shape it describes", () => {
    const shape = readZodText(FLOWISE_DEFAULT)
    const schema = toJsonSchema(shape)
    expect(schema.required).toEqual(['title', 'yearOfRelease', 'genres', 'shortDescription'])
    expect((schema.properties as Record<string, unknown>).yearOfRelease).toEqual({ type: 'integer' })
    expect((schema.properties as Record<string, unknown>).genres).toMatchObject({ type: 'array', maxItems: 2 })
    const movie = { title: 'Up', yearOfRelease: 2009, genres: ['Comedy'], shortDescription: 'A house flies.' }
    expect(checkJsonShape(movie, shape)).toEqual([])
    expect(checkJsonShape({ ...movie, genres: ['Comedy', 'Drama', 'Action'] }, shape)).toEqual([
      'genres: has 3 items, at most 2 expected',
    ])
  })

  it('understands optional, nullable, describe, nested objects, arrays and quoted keys', () => {
    const shape = readZodText(`z.object({
      'full name': z.string().describe("The person's name"),
      age: z.number().min(0).optional(),
      tags: z.array(z.string()).nonempty(),
      address: z.object({ city: z.string().nullable() }),
    });`)
    expect(toJsonSchema(shape)).toMatchObject({
      properties: {
        'full name': { type: 'string', description: "The person's name" },
        age: { type: 'number', minimum: 0 },
        tags: { type: 'array', minItems: 1, items: { type: 'string' } },
        address: { properties: { city: { type: ['string', 'null'] } } },
      },
      required: ['full name', 'tags', 'address'],
    })
  })

  it('refuses code that is not a schema, naming what it cannot read', () => {
    expect(() => readZodText('process.exit(1)')).toThrow('unknown name "process"')
    expect(() => readZodText('z.object({ a: z.string().transform(1) })')).toThrow('.transform is not supported')
    expect(() => readZodText('z.string() + 1')).toThrow('unexpected text after the schema')
    expect(() => readZodText('z.object({ a: z.string(')).toThrow(/cannot be read/)
  })
})
