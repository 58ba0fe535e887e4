import { defineNode } from '../define-node.js'
import { readPromptValues, type ChatPromptValue } from '../runtime/prompt.js'
import { readText } from '../runtime/read-input.js'
import { promptValuesParam } from '../shared/prompt-values-param.js'

export default defineNode({
  descriptor: {
    label: 'Chat Prompt Template',
    name: 'chatPromptTemplate',
    version: 1,
    type: 'ChatPromptTemplate',
    category: 'Prompts',
    description: 'A system message and a human message with {variables}, for chat models.',
    icon: 'chatPromptTemplate.svg',
    color: '#D08A11',
    baseClasses: ['ChatPromptTemplate', 'BaseChatPromptTemplate', 'BasePromptTemplate', 'Runnable'],
    canvases: ['chatflow'],
    inputs: [
      {
        label: 'System Message',
        name: 'systemMessagePrompt',
        type: 'string',
        rows: 4,
        placeholder: 'You are a helpful assistant that translates {input_language} to {output_language}.',
      },
      {
        label: 'Human Message',
        name: 'humanMessagePrompt',
        type: 'string',
        rows: 4,
        description: 'Use {text} where the user question goes.',
        placeholder: '{text}',
      },
      promptValuesParam,
    ],
  },
  run: async ({ inputs }): Promise<ChatPromptValue> => ({
    kind: 'chatPrompt',
    system: readText(inputs.systemMessagePrompt),
    human: readText(inputs.humanMessagePrompt),
    promptValues: readPromptValues(inputs.promptValues),
  }),
})
