import { COMMA_LIST_INSTRUCTIONS, parseCommaList } from '@weft/core'
import { defineNode } from '../define-node.js'
import { readBoolean } from '../providers/node-inputs.js'
import { autofixParam, OUTPUT_PARSER_CLASSES, type OutputParserValue } from './output-parser.js'

export default defineNode({
  descriptor: {
    label: 'CSV Output Parser',
    name: 'csvOutputParser',
    version: 1,
    type: 'CSVListOutputParser',
    category: 'Output Parsers',
    description: 'Ask the model for a comma-separated list and answer with its items as a JSON list.',
    icon: 'csvOutputParser.svg',
    color: '#2E7D8C',
    baseClasses: ['CSVListOutputParser', ...OUTPUT_PARSER_CLASSES],
    canvases: ['chatflow'],
    inputs: [autofixParam],
  },
  run: async ({ inputs }): Promise<OutputParserValue> => ({
    kind: 'outputParser',
    instructions: COMMA_LIST_INSTRUCTIONS,
    parse: parseCommaList,
    autofix: readBoolean(inputs.autofixParser, false),
  }),
})
