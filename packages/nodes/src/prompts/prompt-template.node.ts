import { defineNode } from '../define-node.js'
import { readPromptValues, type PromptValue } from '../runtime/prompt.js'
import { readText } from '../runtime/read-input.js'
import { promptValuesParam } from '../shared/prompt-values-param.js'

export default defineNode({
  descriptor: {
    label: 'Prompt Template',
    name: 'promptTemplate',
    version: 1,
    type: 'PromptTemplate',
    category: 'Prompts',
    description: 'A text prompt with {variables} filled in from the question or other nodes.',
    icon: 'promptTemplate.svg',
    color: '#E27A12',
    baseClasses: ['PromptTemplate', 'BaseStringPromptTemplate', 'BasePromptTemplate', 'Runnable'],
    canvases: ['chatflow'],
    inputs: [
      {
        label: 'Template',
        name: 'template',
        type: 'string',
        rows: 4,
        placeholder: 'What is a good name for a company that makes {product}?',
      },
      promptValuesParam,
    ],
  },
  run: async ({ inputs }): Promise<PromptValue> => ({
    kind: 'prompt',
    template: readText(inputs.template),
    promptValues: readPromptValues(inputs.promptValues),
  }),
})
