import { defineNode, notRunnableYet } from '../define-node.js'

export default defineNode({
  descriptor: {
    label: 'Calculator',
    name: 'calculator',
    version: 1,
    type: 'Calculator',
    category: 'Tools',
    description: 'Let an agent work out arithmetic exactly instead of guessing.',
    icon: 'calculator.svg',
    color: '#1E8F8B',
    baseClasses: ['Calculator', 'Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [],
  },
  run: notRunnableYet,
})
