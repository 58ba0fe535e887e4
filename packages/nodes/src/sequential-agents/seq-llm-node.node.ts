import { parseRows } from '@weft/core'
import { readStructuredFields } from '../agent-flows/model-steps/structured-output.js'
import { defineNode } from '../define-node.js'
import { runSequentialModelStep } from './model-step.js'
import {
  humanPromptParam,
  overrideModelAnchor,
  sequentialNodeAnchor,
  sequentialPromptValuesParam,
  systemPromptParam,
  updateStateMemoryParam,
} from './sequential-params.js'

export default defineNode({
  descriptor: {
    label: 'LLM Node',
    name: 'seqLLMNode',
    version: 1,
    type: 'LLMNode',
    category: 'Sequential Agents',
    description: 'A model call without tools; it can answer in a JSON structure you define.',
    icon: 'seqLLMNode.svg',
    color: '#953EA3',
    baseClasses: ['LLMNode'],
    canvases: ['sequential'],
    inputs: [
      { label: 'LLM Node Name', name: 'llmNodeName', type: 'string', placeholder: 'Summariser' },
      systemPromptParam('You are a helpful assistant that summarises the conversation.'),
      humanPromptParam,
      sequentialNodeAnchor,
      overrideModelAnchor,
      sequentialPromptValuesParam,
      {
        label: 'JSON Structured Output',
        name: 'llmStructuredOutput',
        type: 'datagrid',
        description: 'Make the model answer with these keys.',
        optional: true,
        additionalParams: true,
        datagrid: [
          { field: 'key', headerName: 'Key', editable: true },
          {
            field: 'type',
            headerName: 'Type',
            type: 'singleSelect',
            valueOptions: ['String', 'String Array', 'Number', 'Boolean', 'Enum'],
            editable: true,
          },
          { field: 'enumValues', headerName: 'Enum Values', editable: true },
          { field: 'description', headerName: 'Description', editable: true, flex: 1 },
        ],
        default: [],
      },
      updateStateMemoryParam,
    ],
  },
  step: (context) =>
    runSequentialModelStep(context, {
      structured: readStructuredFields(v1Rows(context.inputs.llmStructuredOutput), context.label),
    }),
})

/** The table's types as the canvas shows them (Flowise's V1) → the structured output's type names. */
const TYPES: Record<string, string> = {
  String: 'string',
  'String Array': 'stringArray',
  Number: 'number',
  Boolean: 'boolean',
  Enum: 'enum',
}

const v1Rows = (raw: unknown) =>
  parseRows(raw).map((row) =>
    typeof row.type === 'string' && TYPES[row.type] ? { ...row, type: TYPES[row.type] } : row,
  )
