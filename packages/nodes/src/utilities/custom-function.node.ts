import { defineNode, notRunnableYet } from '../define-node.js'
import { functionInputVariablesParam, functionNameParam, valueOutput } from './function-params.js'

export default defineNode({
  descriptor: {
    label: 'Custom JS Function',
    name: 'customFunction',
    version: 1,
    type: 'CustomFunction',
    category: 'Utilities',
    description: 'Run your own JavaScript in a sandbox and pass on what it returns.',
    icon: 'customFunction.svg',
    color: '#C18815',
    baseClasses: ['CustomFunction', 'Utilities'],
    canvases: ['chatflow'],
    inputs: [
      functionInputVariablesParam,
      functionNameParam,
      {
        label: 'Javascript Function',
        name: 'javascriptFunction',
        type: 'code',
        placeholder: 'return `Hello, ${$name}`',
      },
    ],
    outputs: [
      valueOutput('Output', 'output'),
      {
        label: 'Ending Node',
        name: 'EndingNode',
        baseClasses: ['CustomFunction'],
        description: 'End the flow here and answer with the return value.',
      },
    ],
  },
  run: notRunnableYet,
})
