import { defineNode, notRunnableYet } from '../define-node.js'
import { memoryKeyParam, sessionIdParam } from './memory-params.js'

export default defineNode({
  descriptor: {
    label: 'Buffer Window Memory',
    name: 'bufferWindowMemory',
    version: 1,
    type: 'BufferWindowMemory',
    category: 'Memory',
    description: 'Remember only the last few exchanges, so long chats stay within the model context.',
    icon: 'bufferWindowMemory.svg',
    color: '#BC2F5E',
    baseClasses: ['BufferWindowMemory', 'BaseChatMemory', 'BaseMemory'],
    canvases: ['chatflow'],
    inputs: [
      {
        label: 'Size',
        name: 'k',
        type: 'number',
        description: 'How many recent exchanges to keep.',
        step: 1,
        default: 4,
      },
      sessionIdParam,
      memoryKeyParam,
    ],
  },
  run: notRunnableYet,
})
