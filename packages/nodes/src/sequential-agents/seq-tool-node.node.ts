import { defineNode, notRunnableYet } from '../define-node.js'
import { approvalParams, updateStateMemoryParam } from './sequential-params.js'

export default defineNode({
  descriptor: {
    label: 'Tool Node',
    name: 'seqToolNode',
    version: 1,
    type: 'ToolNode',
    category: 'Sequential Agents',
    description: 'Run the tools an LLM Node asked for, optionally after the user approves.',
    icon: 'seqToolNode.svg',
    color: '#B946B5',
    baseClasses: ['ToolNode'],
    canvases: ['sequential'],
    inputs: [
      { label: 'Tools', name: 'tools', type: 'Tool', list: true, optional: true },
      { label: 'LLM Node', name: 'llmNode', type: 'LLMNode' },
      { label: 'Name', name: 'toolNodeName', type: 'string', placeholder: 'Tool' },
      ...approvalParams,
      updateStateMemoryParam,
    ],
  },
  run: notRunnableYet,
})
