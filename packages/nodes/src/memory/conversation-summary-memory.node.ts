import { chatHistoryText } from '../chains/chat-history-text.js'
import { defineNode } from '../define-node.js'
import { chat } from '../providers/chat-model.js'
import { requireChatModel } from '../runtime/answer.js'
import type { MemoryValue } from '../runtime/memory.js'
import { readText } from '../runtime/read-input.js'
import { memoryKeyParam, sessionIdParam } from './memory-params.js'

const SUMMARY_PROMPT = [
  'Summarise this conversation in a few sentences, keeping names, numbers and decisions.',
  'Answer with the summary only.',
  '',
].join('\n')

export default defineNode({
  descriptor: {
    label: 'Conversation Summary Memory',
    name: 'conversationSummaryMemory',
    version: 1,
    type: 'ConversationSummaryMemory',
    category: 'Memory',
    description: 'Remember a long chat as a summary the connected model writes, plus the last exchange as said.',
    icon: 'conversationSummaryMemory.svg',
    color: '#A8326E',
    baseClasses: ['ConversationSummaryMemory', 'BaseConversationSummaryMemory', 'BaseChatMemory', 'BaseMemory'],
    canvases: ['chatflow'],
    inputs: [{ label: 'Chat Model', name: 'model', type: 'BaseChatModel' }, sessionIdParam, memoryKeyParam],
  },
  run: async ({ inputs }): Promise<MemoryValue> => {
    const model = requireChatModel(inputs.model, 'Chat Model')
    return {
      kind: 'memory',
      sessionId: readText(inputs.sessionId).trim(),
      summarise: async (turns, signal) => {
        const content = SUMMARY_PROMPT + chatHistoryText(turns)
        return (await chat(model, { messages: [{ role: 'user', content }], signal })).text.trim()
      },
    }
  },
})
