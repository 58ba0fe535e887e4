import { defineNode } from '../define-node.js'
import type { MemoryValue } from '../runtime/memory.js'
import { readNumber, readText } from '../runtime/read-input.js'
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
  run: async ({ inputs }): Promise<MemoryValue> => {
    const size = readNumber(inputs.k) ?? 4
    if (!Number.isInteger(size) || size < 1)
      throw new Error(`Size must be a whole number of exchanges, 1 or more (it is ${size}).`)
    return { kind: 'memory', sessionId: readText(inputs.sessionId).trim(), windowSize: size }
  },
})
