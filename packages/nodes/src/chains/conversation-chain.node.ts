import { defineNode, notRunnableYet } from '../define-node.js'

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
    ],
  },
  run: notRunnableYet,
})
