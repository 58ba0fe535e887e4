import { defineNode } from '../define-node.js'
import { inputModerationParam, moderated } from '../moderation/moderation.js'
import { modelAnswerer, requireChatModel } from '../runtime/answer.js'
import { isMemoryValue, readHistory, remembering } from '../runtime/memory.js'
import { turnsToMessages } from '../runtime/messages.js'
import { conversationParts } from '../runtime/prompt-request.js'
import { userMessage } from '../runtime/user-message.js'
import { readText } from '../runtime/read-input.js'

export default defineNode({
  descriptor: {
    label: 'Conversation Chain',
    name: 'conversationChain',
    version: 1,
    type: 'ConversationChain',
    category: 'Chains',
    description: 'Chat with a model that remembers the conversation so far.',
    icon: 'conversationChain.svg',
    color: '#30A677',
    baseClasses: ['ConversationChain', 'LLMChain', 'BaseChain', 'Runnable'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Chat Model', name: 'model', type: 'BaseChatModel' },
      { label: 'Memory', name: 'memory', type: 'BaseMemory' },
      {
        label: 'Chat Prompt Template',
        name: 'chatPromptTemplate',
        type: 'ChatPromptTemplate',
        description: 'Replaces the system message; its human message must contain {input}.',
        optional: true,
      },
      {
        label: 'System Message',
        name: 'systemMessagePrompt',
        type: 'string',
        rows: 4,
        default: 'You are a friendly assistant. Answer briefly, and say so when you do not know.',
        optional: true,
        additionalParams: true,
      },
      inputModerationParam,
    ],
  },
  run: async ({ inputs, scope }) => {
    const model = requireChatModel(inputs.model, 'Chat Model')
    const memory = isMemoryValue(inputs.memory) ? inputs.memory : undefined
    const { system, human } = conversationParts(
      inputs.chatPromptTemplate,
      readText(inputs.systemMessagePrompt),
      scope.question,
    )
    const answerer = modelAnswerer(model, async (runScope) => ({
      ...(system ? { system } : {}),
      messages: [...turnsToMessages(await readHistory(memory, runScope)), userMessage(model, human, runScope.uploads)],
    }))
    return moderated(inputs.inputModeration, remembering(memory, answerer))
  },
})
