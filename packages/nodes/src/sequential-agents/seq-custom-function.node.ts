import { defineNode, notRunnableYet } from '../define-node.js'
import { sequentialNodeAnchor } from './sequential-params.js'

export default defineNode({
  descriptor: {
    label: 'Custom JS Function',
    name: 'seqCustomFunction',
    version: 1,
    type: 'CustomFunction',
    category: 'Sequential Agents',
    description: 'Run your own JavaScript between steps, with the conversation and state as $flow.',
    icon: 'seqCustomFunction.svg',
    color: '#AA4195',
    baseClasses: ['CustomFunction'],
    canvases: ['sequential'],
    inputs: [
      sequentialNodeAnchor,
      {
        label: 'Input Variables',
        name: 'functionInputVariables',
        type: 'json',
        description: 'Variables for the function, read as $name.',
        optional: true,
        acceptVariable: true,
        list: true,
      },
      { label: 'Function Name', name: 'functionName', type: 'string', placeholder: 'My Function' },
      {
        label: 'Javascript Function',
        name: 'javascriptFunction',
        type: 'code',
        placeholder: 'return $flow.state.topic ?? "nothing yet"',
      },
      {
        label: 'Return Value As',
        name: 'returnValueAs',
        type: 'options',
        options: [
          { label: 'AI Message', name: 'aiMessage' },
          { label: 'Human Message', name: 'humanMessage' },
          { label: 'State Object', name: 'stateObj', description: 'Return an object to update the state.' },
        ],
        default: 'aiMessage',
      },
    ],
  },
  run: notRunnableYet,
})
