import type { FlowTemplate } from '@weft/core'
import { templateFlow } from './template-flow.js'

export function conversationMemory(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 80, 60)
  const memory = flow.add('bufferMemory', 80, 520)
  const chain = flow.add('conversationChain', 520, 240, {
    systemMessagePrompt: 'You are a patient assistant who remembers what the user said earlier.',
  })
  flow.connect(model, chain, 'model')
  flow.connect(memory, chain, 'memory')
  return {
    id: 'conversation-memory',
    templateName: 'Conversation with Memory',
    description: 'A chat that remembers the conversation: a chat model and a buffer memory in a conversation chain.',
    type: 'Chatflow',
    categories: ['Built-in Responder', 'Buffer Memory', 'Conversation Chain'],
    usecases: ['Chatbot', 'Getting Started'],
    flowData: JSON.stringify(flow.build()),
  }
}
