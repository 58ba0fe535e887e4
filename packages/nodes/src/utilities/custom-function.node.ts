import { defineNode } from '../define-node.js'
import { fixedAnswerer } from '../runtime/answer.js'
import { flowGlobals, inputVariableGlobals } from '../runtime/flow-globals.js'
import { readText } from '../runtime/read-input.js'
import { runUserCode } from '../sandbox/run-user-code.js'
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
  run: async ({ inputs, output, isEnding, scope }) => {
    const code = readText(inputs.javascriptFunction)
    if (!code.trim()) throw new Error('Javascript Function is empty: write the code to run.')
    const globals = {
      ...inputVariableGlobals(inputs.functionInputVariables),
      $input: scope.question,
      ...flowGlobals(scope),
    }
    const result = await runUserCode(code, globals, { signal: scope.signal })
    if (!isEnding && output !== 'EndingNode') return result ?? ''
    if (typeof result === 'string') return fixedAnswerer({ text: result })
    return fixedAnswerer({ text: result === undefined ? '' : JSON.stringify(result, null, 2), json: result })
  },
})
