import { defineNode, notRunnableYet } from '../define-node.js'

export default defineNode({
  descriptor: {
    label: 'End',
    name: 'seqEnd',
    version: 1,
    type: 'END',
    category: 'Sequential Agents',
    description: 'Where a path of a sequential agent flow ends and the last answer goes to the user.',
    icon: 'seqEnd.svg',
    color: '#6B358D',
    baseClasses: ['END'],
    canvases: ['sequential'],
    hideOutput: true,
    inputs: [
      {
        label: 'Agent | Condition | LLM | Tool Node | Custom Function | Execute Flow',
        name: 'sequentialNode',
        type: 'Agent | Condition | LLMNode | ToolNode | CustomFunction | ExecuteFlow',
        list: true,
      },
    ],
  },
  run: notRunnableYet,
})
