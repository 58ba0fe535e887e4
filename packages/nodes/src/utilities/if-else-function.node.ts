import { defineNode, notRunnableYet } from '../define-node.js'
import { functionInputVariablesParam, functionNameParam, valueOutput } from './function-params.js'

export default defineNode({
  descriptor: {
    label: 'IfElse Function',
    name: 'ifElseFunction',
    version: 1,
    type: 'IfElseFunction',
    category: 'Utilities',
    description: 'Take one of two paths: the If code decides, and each path passes on its own result.',
    icon: 'ifElseFunction.svg',
    color: '#B8AD14',
    baseClasses: ['IfElseFunction', 'Utilities'],
    canvases: ['chatflow'],
    inputs: [
      functionInputVariablesParam,
      functionNameParam,
      {
        label: 'IF Function',
        name: 'ifFunction',
        type: 'code',
        description: 'Return a value to take the True path; return nothing to take the False path.',
        default: 'if ($input.includes("hello")) {\n  return $input\n}',
      },
      {
        label: 'ELSE Function',
        name: 'elseFunction',
        type: 'code',
        description: 'Runs when the IF Function returned nothing; its return value goes to the False path.',
        default: 'return false',
      },
    ],
    outputs: [valueOutput('True', 'returnTrue'), valueOutput('False', 'returnFalse')],
  },
  run: notRunnableYet,
})
