import { defineNode } from '../define-node.js'
import { readText } from '../runtime/read-input.js'
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
  run: async ({ inputs, scope }) => {
    const name = readText(inputs.variableName).trim()
    if (!name) throw new Error('Variable Name is empty: name the value a Set Variable node stored.')
    if (!scope.flowState.has(name)) {
      throw new Error(`No value named "${name}" has been set in this run: a Set Variable node must store it first.`)
    }
    return scope.flowState.get(name)
  },
})
