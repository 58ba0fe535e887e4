import { defineNode, notRunnableYet } from '../define-node.js'
import { valueOutput } from './function-params.js'

export default defineNode({
  descriptor: {
    label: 'Get Variable',
    name: 'getVariable',
    version: 1,
    type: 'GetVariable',
    category: 'Utilities',
    description: 'Read a value that a Set Variable node stored earlier in the run.',
    icon: 'getVariable.svg',
    color: '#AE8513',
    baseClasses: ['GetVariable', 'Utilities'],
    canvases: ['chatflow'],
    inputs: [{ label: 'Variable Name', name: 'variableName', type: 'string', placeholder: 'var1' }],
    outputs: [valueOutput('Output', 'output')],
  },
  run: notRunnableYet,
})
