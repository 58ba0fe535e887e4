import { defineNode, isAnswerer } from '../define-node.js'
import { readList, readText } from '../runtime/read-input.js'
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
  run: async ({ inputs, scope }) => {
    const name = readText(inputs.variableName).trim()
    if (!name) throw new Error('Variable Name is empty: name the value so a Get Variable node can read it.')
    const values = readList(inputs.input)
    if (values.some(isAnswerer)) {
      throw new Error("Input is a chain, not a value: choose the chain's Output Prediction output to store its text.")
    }
    // One connected value is stored as itself; several as a list.
    const value = values.length === 1 ? values[0] : values
    scope.flowState.set(name, value)
    return value
  },
})
