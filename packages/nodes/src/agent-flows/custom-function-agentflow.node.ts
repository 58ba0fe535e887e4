import { defineNode, notRunnableYet } from '../define-node.js'
import { updateStateParam } from './step-params.js'

export default defineNode({
  descriptor: {
    label: 'Custom Function',
    name: 'customFunctionAgentflow',
    version: 1,
    type: 'CustomFunction',
    category: 'Agent Flows',
    description: "Run your own JavaScript in a sandbox; what it returns is this step's output.",
    icon: 'customFunctionAgentflow.svg',
    color: '#C0303A',
    baseClasses: ['CustomFunction'],
    canvases: ['agentflowV2'],
    inputs: [
      {
        label: 'Input Variables',
        name: 'customFunctionInputVariables',
        type: 'array',
        description: 'Read in the code as $<name>.',
        optional: true,
        array: [
          { label: 'Variable Name', name: 'variableName', type: 'string', placeholder: 'city' },
          { label: 'Variable Value', name: 'variableValue', type: 'string', acceptVariable: true },
        ],
      },
      {
        label: 'Javascript Function',
        name: 'customFunctionJavascriptFunction',
        type: 'code',
        description: 'Also available: $flow.state, $flow.chatId, $flow.input.',
        default: 'return `Weather in ${$city} is sunny`',
      },
      updateStateParam('customFunctionUpdateState'),
    ],
  },
  run: notRunnableYet,
})
