import { defineNode } from '../define-node.js'

export default defineNode({
  descriptor: {
    label: 'Agent Memory',
    name: 'agentMemory',
    version: 1,
    type: 'AgentMemory',
    category: 'Memory',
    description: 'Let sequential agents see the conversation of earlier turns (kept in Weft’s chat history).',
    icon: 'agentMemory.svg',
    color: '#D043A1',
    baseClasses: ['AgentMemory', 'BaseCheckpointSaver'],
    canvases: ['sequential'],
    inputs: [
      {
        label: 'Additional Connection Configuration',
        name: 'additionalConfig',
        type: 'json',
        description: 'Extra settings for the checkpoint store.',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  // The runtime reads the session's stored chat for every step with memory, so connecting this node
  // is all it takes; its value only marks that Start was given one.
  run: async () => ({ kind: 'agentMemory' }),
})
