import { defineNode } from '../define-node.js'
import type { BranchValue } from '../runtime/branch.js'
import { flowGlobals, inputVariableGlobals } from '../runtime/flow-globals.js'
import { readText } from '../runtime/read-input.js'
import { runUserCode } from '../sandbox/run-user-code.js'
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
    // Anchors: both paths are connected at once, each to its own nodes; the run picks one.
    outputs: [
      { ...valueOutput('True', 'returnTrue'), isAnchor: true },
      { ...valueOutput('False', 'returnFalse'), isAnchor: true },
    ],
  },
  run: async ({ inputs, scope }): Promise<BranchValue> => {
    const globals = {
      ...inputVariableGlobals(inputs.functionInputVariables),
      $input: scope.question,
      ...flowGlobals(scope),
    }
    const limits = { signal: scope.signal }
    const ifResult = await runUserCode(readText(inputs.ifFunction), globals, limits)
    // "Return nothing" (undefined, null, false, '', 0) takes the False path, as JavaScript's `if` would.
    if (ifResult) return { kind: 'branch', output: 'returnTrue', value: ifResult }
    const elseResult = await runUserCode(readText(inputs.elseFunction), globals, limits)
    return { kind: 'branch', output: 'returnFalse', value: elseResult }
  },
})
