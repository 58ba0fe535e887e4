import { defineNode, notRunnableYet } from '../define-node.js'

export default defineNode({
  descriptor: {
    label: 'Iteration',
    name: 'iterationAgentflow',
    version: 1,
    type: 'Iteration',
    category: 'Agent Flows',
    description: 'Run the steps placed inside it once for each item of a list.',
    icon: 'iterationAgentflow.svg',
    color: '#9930C0',
    baseClasses: ['Iteration'],
    canvases: ['agentflowV2'],
    isContainer: true,
    inputs: [
      {
        label: 'Array Input',
        name: 'iterationInput',
        type: 'string',
        rows: 4,
        description: 'A JSON array; steps inside read the current item as {{ $iteration }}.',
        placeholder: '{{ $flow.state.items }}',
        acceptVariable: true,
      },
    ],
  },
  run: notRunnableYet,
})
