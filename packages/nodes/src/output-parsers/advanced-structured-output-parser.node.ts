import { jsonShapeInstructions, readZodText } from '@weft/core'
import { defineNode } from '../define-node.js'
import { readBoolean } from '../providers/node-inputs.js'
import { readText } from '../runtime/read-input.js'
import { autofixParam, jsonShapeParser, OUTPUT_PARSER_CLASSES } from './output-parser.js'

const DEFAULT_SCHEMA = `z.object({
    title: z.string(), // Title of the movie as a string
    yearOfRelease: z.number().int(), // Release year as an integer number,
    genres: z.enum([
        "Action", "Comedy", "Drama", "Fantasy", "Horror",
        "Mystery", "Romance", "Science Fiction", "Thriller", "Documentary"
    ]).array().max(2), // Array of genres, max of 2 from the defined enum
    shortDescription: z.string().max(500) // Short description, max 500 characters
})`

export default defineNode({
  descriptor: {
    label: 'Advanced Structured Output Parser',
    name: 'advancedStructuredOutputParser',
    version: 1,
    type: 'AdvancedStructuredOutputParser',
    category: 'Output Parsers',
    description: 'Ask the model for JSON that fits a Zod schema, and check its answer against the schema.',
    icon: 'advancedStructuredOutputParser.svg',
    color: '#7A5BB8',
    baseClasses: ['AdvancedStructuredOutputParser', ...OUTPUT_PARSER_CLASSES],
    canvases: ['chatflow'],
    inputs: [
      autofixParam,
      {
        label: 'Example JSON',
        name: 'exampleJson',
        type: 'string',
        // Read as data, never run: only z.object, z.string, z.enum… and their usual checks are understood.
        description: 'The Zod schema the answer must fit, e.g. z.object({ title: z.string() }).',
        rows: 10,
        default: DEFAULT_SCHEMA,
      },
    ],
  },
  run: async ({ inputs, label }) => {
    let shape
    try {
      shape = readZodText(readText(inputs.exampleJson) || DEFAULT_SCHEMA)
    } catch (error) {
      throw new Error(`${label}: ${(error as Error).message}`, { cause: error })
    }
    return jsonShapeParser(shape, jsonShapeInstructions(shape), readBoolean(inputs.autofixParser, false))
  },
})
