import { defineNode } from '../define-node.js'

export default defineNode({
  descriptor: {
    label: 'SQLite Agent Memory',
    name: 'sqliteAgentMemory',
    version: 1,
    type: 'SQLiteAgentMemory',
    category: 'Memory',
    description: 'Let sequential agents see the conversation of earlier turns, kept in Weft’s own database.',
    icon: 'sqliteAgentMemory.svg',
    color: '#35729E',
    baseClasses: ['SQLiteAgentMemory', 'BaseCheckpointSaver'],
    canvases: ['sequential'],
    inputs: [
      {
        label: 'Additional Connection Configuration',
        name: 'additionalConfig',
        type: 'json',
        description: 'Kept for flows from Flowise; Weft keeps the conversation in its own database.',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  // Like Agent Memory: the runtime reads the session's stored chat (SQLite by default), so the node
  // only marks that Start was given a memory.
  run: async () => ({ kind: 'agentMemory' }),
})
