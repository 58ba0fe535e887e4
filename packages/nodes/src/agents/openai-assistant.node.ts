import { defineNode, type Answerer } from '../define-node.js'
import { answerAsAssistant } from '../assistants/provider/answer-as-assistant.js'
import { readText } from '../runtime/read-input.js'

export default defineNode({
  descriptor: {
    label: 'OpenAI Assistant',
    name: 'openAIAssistant',
    version: 1,
    type: 'OpenAIAssistant',
    category: 'Agents',
    description: 'Chats with an assistant kept at OpenAI or Azure OpenAI, in one provider thread per chat session.',
    icon: 'openAIAssistant.svg',
    color: '#10A37F',
    baseClasses: ['OpenAIAssistant'],
    canvases: ['chatflow'],
    inputs: [
      {
        label: 'Select Assistant',
        name: 'selectedAssistant',
        type: 'asyncOptions',
        loadMethod: 'listAssistants',
        description: 'An OpenAI or Azure assistant saved on the Assistants page; it answers with its own key.',
      },
    ],
  },
  run: async ({ inputs }): Promise<Answerer> => {
    const assistantId = readText(inputs.selectedAssistant).trim()
    if (!assistantId) throw new Error('OpenAI Assistant: select an assistant.')
    return { answer: (scope) => answerAsAssistant(scope, assistantId) }
  },
})
