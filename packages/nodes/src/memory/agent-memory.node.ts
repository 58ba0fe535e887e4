import { defineNode, notRunnableYet } from '../define-node.js'

export default defineNode({
  descriptor: {
    label: 'Agent Memory',
    name: 'agentMemory',
    version: 1,
    type: 'AgentMemory',
    category: 'Memory',
    description: 'Keep the messages and state of sequential agents between turns, in the Weft database.',
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
  run: notRunnableYet,
})
