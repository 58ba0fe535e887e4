import { defineNode } from '../define-node.js'

export default defineNode({
  descriptor: {
    label: 'Sticky Note',
    name: 'stickyNoteAgentflow',
    version: 1,
    type: 'StickyNote',
    category: 'Agent Flows',
    description: 'A note on the canvas to explain an agentflow to whoever reads it next.',
    icon: 'stickyNoteAgentflow.svg',
    color: '#ECC113',
    baseClasses: ['StickyNote'],
    canvases: ['agentflowV2'],
    hideInput: true,
    hideOutput: true,
    inputs: [
      { label: 'Note', name: 'note', type: 'string', rows: 1, placeholder: 'Type something here', optional: true },
    ],
  },
  // A note takes no part in a run: the engine never reaches it, and a step that does nothing says so.
  step: async () => ({ output: {} }),
})
