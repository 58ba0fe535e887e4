import { chatHistoryText } from '../chains/chat-history-text.js'
import { defineNode } from '../define-node.js'
import { chat } from '../providers/chat-model.js'
import { requireChatModel } from '../runtime/answer.js'
import type { MemoryValue } from '../runtime/memory.js'
import { readNumber, readText } from '../runtime/read-input.js'
import { memoryKeyParam, sessionIdParam } from './memory-params.js'

const SUMMARY_PROMPT = [
  'Summarise this conversation in a few sentences, keeping names, numbers and decisions.',
  'Answer with the summary only.',
  '',
].join('\n')

export default defineNode({
  descriptor: {
    label: 'Conversation Summary Buffer Memory',
    name: 'conversationSummaryBufferMemory',
    version: 1,
    type: 'ConversationSummaryBufferMemory',
    category: 'Memory',
    description: 'Remember recent messages as said up to a token limit, and older ones as a summary the model writes.',
    icon: 'conversationSummaryBufferMemory.svg',
    color: '#9C2F63',
    baseClasses: ['ConversationSummaryBufferMemory', 'BaseConversationSummaryMemory', 'BaseChatMemory', 'BaseMemory'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Chat Model', name: 'model', type: 'BaseChatModel' },
      {
        label: 'Max Token Limit',
        name: 'maxTokenLimit',
        type: 'number',
        description: 'Summarise the older messages once the conversation is longer than this many tokens.',
        step: 1,
        default: 2000,
      },
      sessionIdParam,
      memoryKeyParam,
    ],
  },
  run: async ({ inputs, label }): Promise<MemoryValue> => {
    const model = requireChatModel(inputs.model, 'Chat Model')
    const maxTokenLimit = readNumber(inputs.maxTokenLimit) ?? 2000
    if (!Number.isInteger(maxTokenLimit) || maxTokenLimit < 1)
      throw new Error(`${label}: Max Token Limit must be a whole number above 0.`)
    return {
      kind: 'memory',
      sessionId: readText(inputs.sessionId).trim(),
      maxTokenLimit,
      summarise: async (turns, signal) => {
        const content = SUMMARY_PROMPT + chatHistoryText(turns)
        return (await chat(model, { messages: [{ role: 'user', content }], signal })).text.trim()
      },
    }
  },
})
