import { defineNode } from '../define-node.js'
import { listChatModels } from './catalogue-options.js'
import { runAnswerStep } from './model-steps/answer-step.js'
import { withStepSpellings } from './model-steps/step-inputs.js'
import { readStructuredFields } from './model-steps/structured-output.js'
import { memoryParams, messagesParam, modelParam, returnResponseAsParam, updateStateParam } from './step-params.js'

export default defineNode({
  descriptor: {
    label: 'LLM',
    name: 'llmAgentflow',
    version: 1,
    type: 'LLM',
    category: 'Agent Flows',
    description: 'Ask a chat model, with your messages and the conversation, optionally for a JSON structure.',
    icon: 'llmAgentflow.svg',
    color: '#30C099',
    baseClasses: ['LLM'],
    canvases: ['agentflowV2'],
    inputs: [
      modelParam('llmModel'),
      messagesParam('llmMessages'),
      ...memoryParams('llm'),
      returnResponseAsParam('llmReturnResponseAs'),
      {
        label: 'JSON Structured Output',
        name: 'llmStructuredOutput',
        type: 'array',
        description: 'Make the model answer with these keys.',
        optional: true,
        array: [
          { label: 'Key', name: 'key', type: 'string' },
          {
            label: 'Type',
            name: 'type',
            type: 'options',
            options: [
              { label: 'String', name: 'string' },
              { label: 'String Array', name: 'stringArray' },
              { label: 'Number', name: 'number' },
              { label: 'Boolean', name: 'boolean' },
              { label: 'Enum', name: 'enum' },
              { label: 'JSON Array', name: 'jsonArray' },
            ],
            default: 'string',
          },
          {
            label: 'Enum Values',
            name: 'enumValues',
            type: 'string',
            placeholder: 'value1, value2, value3',
            show: { 'llmStructuredOutput[$index].type': 'enum' },
          },
          {
            label: 'JSON Schema',
            name: 'jsonSchema',
            type: 'code',
            placeholder: '{ "name": { "type": "string" } }',
            description: 'The JSON schema each item of the list follows.',
            show: { 'llmStructuredOutput[$index].type': 'jsonArray' },
          },
          { label: 'Description', name: 'description', type: 'string' },
        ],
      },
      updateStateParam('llmUpdateState'),
    ],
  },
  loadMethods: { listModels: listChatModels },
  step: async (given) => {
    const context = withStepSpellings(given, 'llmAgentflow')
    const structured = readStructuredFields(context.inputs.llmStructuredOutput, context.label)
    return runAnswerStep(context, { prefix: 'llm', structured })
  },
})
