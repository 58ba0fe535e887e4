import { defineNode } from '../define-node.js'

export default defineNode({
  descriptor: {
    label: 'Sticky Note',
    name: 'stickyNote',
    version: 1,
    type: 'StickyNote',
    category: 'Utilities',
    description: 'A note on the canvas to explain a flow to whoever reads it next.',
    icon: 'stickyNote.svg',
    color: '#EACD3E',
    baseClasses: ['StickyNote'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Note', name: 'note', type: 'string', rows: 1, placeholder: 'Type something here', optional: true },
    ],
  },
  // A note takes no part in a run.
  run: async () => undefined,
})
