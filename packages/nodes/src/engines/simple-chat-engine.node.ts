import { defineNode, type Answerer } from '../define-node.js'
import { answerWithModel, requireChatModel } from '../runtime/answer.js'
import { isMemoryValue, readHistory, remembering } from '../runtime/memory.js'
import { turnsToMessages } from '../runtime/messages.js'
import { readText } from '../runtime/read-input.js'
import { engineModelParam } from './query-engine.js'

export const engineMemoryParam = { label: 'Memory', name: 'memory', type: 'BaseChatMemory', optional: true }

export const engineSystemParam = (placeholder: string) => ({
  label: 'System Message',
  name: 'systemMessagePrompt',
  type: 'string',
  rows: 4,
  optional: true,
  placeholder,
})

export default defineNode({
  descriptor: {
    label: 'Simple Chat Engine',
    name: 'simpleChatEngine',
    version: 1,
    type: 'SimpleChatEngine',
    category: 'Engine',
    description: 'Chat back and forth with a model that remembers the conversation.',
    icon: 'simpleChatEngine.svg',
    color: '#704483',
    baseClasses: ['SimpleChatEngine'],
    tags: ['LlamaIndex'],
    canvases: ['chatflow'],
    inputs: [engineModelParam, engineMemoryParam, engineSystemParam('You are a helpful assistant')],
  },
  run: async ({ inputs }): Promise<Answerer> => {
    const model = requireChatModel(inputs.model, 'Chat Model')
    const memory = isMemoryValue(inputs.memory) ? inputs.memory : undefined
    const system = readText(inputs.systemMessagePrompt).trim()
    return remembering(memory, {
      answer: async (scope) =>
        answerWithModel(
          model,
          {
            ...(system ? { system } : {}),
            messages: [...turnsToMessages(await readHistory(memory, scope)), { role: 'user', content: scope.question }],
          },
          scope,
        ),
    })
  },
})
