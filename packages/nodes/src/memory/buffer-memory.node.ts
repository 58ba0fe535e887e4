import { defineNode } from '../define-node.js'
import type { MemoryValue } from '../runtime/memory.js'
import { readText } from '../runtime/read-input.js'
import { memoryKeyParam, sessionIdParam } from './memory-params.js'

export default defineNode({
  descriptor: {
    label: 'Buffer Memory',
    name: 'bufferMemory',
    version: 1,
    type: 'BufferMemory',
    category: 'Memory',
    description: 'Remember every message of the conversation, stored in the Weft database.',
    icon: 'bufferMemory.svg',
    color: '#CC3380',
    baseClasses: ['BufferMemory', 'BaseChatMemory', 'BaseMemory'],
    canvases: ['chatflow'],
    inputs: [sessionIdParam, memoryKeyParam],
  },
  run: async ({ inputs }): Promise<MemoryValue> => ({ kind: 'memory', sessionId: readText(inputs.sessionId).trim() }),
})
