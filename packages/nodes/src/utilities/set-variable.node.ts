import { defineNode, notRunnableYet } from '../define-node.js'
import { VALUE_CLASSES, valueOutput } from './function-params.js'

export default defineNode({
  descriptor: {
    label: 'Set Variable',
    name: 'setVariable',
    version: 1,
    type: 'SetVariable',
    category: 'Utilities',
    description: 'Keep a value under a name so a Get Variable node elsewhere in the flow can read it.',
    icon: 'setVariable.svg',
    color: '#D38817',
    baseClasses: ['SetVariable', 'Utilities'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Input', name: 'input', type: VALUE_CLASSES.join(' | '), list: true },
      { label: 'Variable Name', name: 'variableName', type: 'string', placeholder: 'var1' },
    ],
    outputs: [valueOutput('Output', 'output', 'The same value, passed on.')],
  },
  run: notRunnableYet,
})
