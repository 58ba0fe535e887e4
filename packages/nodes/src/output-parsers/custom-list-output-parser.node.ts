import { parseSeparatedList, separatedListInstructions } from '@weft/core'
import { defineNode } from '../define-node.js'
import { readBoolean, readNumber } from '../providers/node-inputs.js'
import { readText } from '../runtime/read-input.js'
import { autofixParam, OUTPUT_PARSER_CLASSES, type OutputParserValue } from './output-parser.js'

export default defineNode({
  descriptor: {
    label: 'Custom List Output Parser',
    name: 'customListOutputParser',
    version: 1,
    type: 'CustomListOutputParser',
    category: 'Output Parsers',
    description: 'Ask the model for a list of values cut by your separator, and answer with them as a JSON list.',
    icon: 'customListOutputParser.svg',
    color: '#3A8F6B',
    baseClasses: ['CustomListOutputParser', ...OUTPUT_PARSER_CLASSES],
    canvases: ['chatflow'],
    inputs: [
      {
        label: 'Length',
        name: 'length',
        type: 'number',
        description: 'How many values to return.',
        step: 1,
        default: 5,
      },
      {
        label: 'Separator',
        name: 'separator',
        type: 'string',
        description: 'What separates the values.',
        default: ',',
      },
      autofixParam,
    ],
  },
  run: async ({ inputs, label }): Promise<OutputParserValue> => {
    const length = readNumber(inputs.length) ?? 5
    if (!Number.isInteger(length) || length < 1) throw new Error(`${label}: Length must be a whole number above 0.`)
    const separator = readText(inputs.separator) || ','
    return {
      kind: 'outputParser',
      instructions: separatedListInstructions(separator, length),
      parse: (answer) => parseSeparatedList(answer, separator, length),
      autofix: readBoolean(inputs.autofixParser, false),
    }
  },
})
