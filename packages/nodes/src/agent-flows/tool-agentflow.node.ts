import { defineNode, notRunnableYet } from '../define-node.js'
import { listTools } from './catalogue-options.js'
import { updateStateParam } from './step-params.js'

export default defineNode({
  descriptor: {
    label: 'Tool',
    name: 'toolAgentflow',
    version: 1,
    type: 'Tool',
    category: 'Agent Flows',
    description: 'Call one tool with arguments you set, without a model choosing it.',
    icon: 'toolAgentflow.svg',
    color: '#C06030',
    baseClasses: ['Tool'],
    canvases: ['agentflowV2'],
    inputs: [
      {
        label: 'Tool',
        name: 'toolAgentflowSelectedTool',
        type: 'asyncOptions',
        loadMethod: 'listTools',
      },
      {
        label: 'Tool Input Arguments',
        name: 'toolInputArgs',
        type: 'array',
        optional: true,
        array: [
          { label: 'Input Argument Name', name: 'inputArgName', type: 'string', placeholder: 'expression' },
          { label: 'Input Argument Value', name: 'inputArgValue', type: 'string', acceptVariable: true },
        ],
      },
      updateStateParam('toolUpdateState'),
    ],
  },
  loadMethods: { listTools },
  run: notRunnableYet,
})
