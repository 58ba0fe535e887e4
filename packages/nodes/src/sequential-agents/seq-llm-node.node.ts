import { readStructuredFields } from '../agent-flows/model-steps/structured-output.js'
import { defineNode } from '../define-node.js'
import { runSequentialModelStep } from './model-step.js'
import {
  humanPromptParam,
  overrideModelAnchor,
  sequentialNodeAnchor,
  sequentialPromptValuesParam,
  structuredOutputGrid,
  systemPromptParam,
  updateStateMemoryParam,
  v1StructuredRows,
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
      structuredOutputGrid('llmStructuredOutput'),
      updateStateMemoryParam,
    ],
  },
  step: (context) =>
    runSequentialModelStep(context, {
      structured: readStructuredFields(v1StructuredRows(context.inputs.llmStructuredOutput), context.label),
    }),
})
