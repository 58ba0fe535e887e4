import { jsonShapeInstructions, shapeFromColumns, type ShapeColumn } from '@weft/core'
import { defineNode } from '../define-node.js'
import { readBoolean } from '../providers/node-inputs.js'
import { autofixParam, jsonShapeParser, OUTPUT_PARSER_CLASSES } from './output-parser.js'

const DEFAULT_STRUCTURE = [
  { property: 'answer', type: 'string', description: "answer to the user's question" },
  { property: 'source', type: 'string', description: 'sources used to answer the question, should be websites' },
]

/** The table as the canvas saved it: rows, or their JSON text. */
function readRows(raw: unknown, label: string): ShapeColumn[] {
  let rows: unknown = raw ?? DEFAULT_STRUCTURE
  if (typeof raw === 'string') {
    try {
      rows = raw.trim() ? JSON.parse(raw) : DEFAULT_STRUCTURE
    } catch {
      throw new Error(`${label}: JSON Structure is not a valid table.`)
    }
  }
  if (!Array.isArray(rows)) throw new Error(`${label}: JSON Structure must be a table of properties.`)
  return rows as ShapeColumn[]
}

export default defineNode({
  descriptor: {
    label: 'Structured Output Parser',
    name: 'structuredOutputParser',
    version: 1,
    type: 'StructuredOutputParser',
    category: 'Output Parsers',
    description: 'Ask the model for a JSON object with the properties you list, and check its answer against them.',
    icon: 'structuredOutputParser.svg',
    color: '#5B6FB8',
    baseClasses: ['StructuredOutputParser', ...OUTPUT_PARSER_CLASSES],
    canvases: ['chatflow'],
    inputs: [
      autofixParam,
      {
        label: 'JSON Structure',
        name: 'jsonStructure',
        type: 'datagrid',
        description: 'The properties the model must answer with.',
        datagrid: [
          { field: 'property', headerName: 'Property', editable: true },
          {
            field: 'type',
            headerName: 'Type',
            type: 'singleSelect',
            valueOptions: ['string', 'number', 'boolean'],
            editable: true,
          },
          { field: 'description', headerName: 'Description', editable: true, flex: 1 },
        ],
        default: DEFAULT_STRUCTURE,
        additionalParams: true,
      },
    ],
  },
  run: async ({ inputs, label }) => {
    let shape
    try {
      shape = shapeFromColumns(readRows(inputs.jsonStructure, label))
    } catch (error) {
      throw new Error(`${label}: ${(error as Error).message}`, { cause: error })
    }
    return jsonShapeParser(shape, jsonShapeInstructions(shape), readBoolean(inputs.autofixParser, false))
  },
})
