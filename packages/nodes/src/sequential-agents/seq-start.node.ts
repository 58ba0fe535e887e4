import { defineNode, notRunnableYet } from '../define-node.js'

export default defineNode({
  descriptor: {
    label: 'Start',
    name: 'seqStart',
    version: 1,
    type: 'Start',
    category: 'Sequential Agents',
    description: 'Where a sequential agent flow begins: it sets the chat model every later node uses.',
    icon: 'seqStart.svg',
    color: '#7E43B1',
    baseClasses: ['Start'],
    canvases: ['sequential'],
    inputs: [
      { label: 'Chat Model', name: 'model', type: 'BaseChatModel' },
      {
        label: 'Agent Memory',
        name: 'agentMemory',
        type: 'BaseCheckpointSaver',
        description: 'Remember the conversation and state between messages.',
        optional: true,
      },
      {
        label: 'State',
        name: 'state',
        type: 'State',
        description: 'Values every node can read and update while the flow runs.',
        optional: true,
      },
    ],
  },
  run: notRunnableYet,
})
