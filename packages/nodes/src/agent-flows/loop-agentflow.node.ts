import { defineNode, notRunnableYet } from '../define-node.js'

export default defineNode({
  descriptor: {
    label: 'Loop',
    name: 'loopAgentflow',
    version: 1,
    type: 'Loop',
    category: 'Agent Flows',
    description: 'Go back to an earlier step and run from there again, at most a set number of times.',
    icon: 'loopAgentflow.svg',
    color: '#6030C0',
    baseClasses: ['Loop'],
    canvases: ['agentflowV2'],
    hideOutput: true,
    inputs: [
      { label: 'Loop Back To', name: 'loopBackToNode', type: 'asyncOptions', loadMethod: 'listPreviousNodes' },
      {
        label: 'Max Loop Count',
        name: 'maxLoopCount',
        type: 'number',
        description: 'After this many loops the flow goes on past the loop.',
        step: 1,
        default: 5,
      },
    ],
  },
  // Only the canvas knows which steps come before this one, so it lists them itself.
  loadMethods: { listPreviousNodes: async () => [] },
  run: notRunnableYet,
})
