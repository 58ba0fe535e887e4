import { stepText, streamIfLast } from '../agent-flows/plain-steps/step-text.js'
import type { StepContext, StepResult } from '../agent-flows/step.js'
import { defineNode } from '../define-node.js'
import { dollarGlobals } from '../runtime/flow-globals.js'
import { readJsonObject } from '../runtime/read-input.js'
import { runUserCode } from '../sandbox/run-user-code.js'
import { readFlowValue, sequentialFlow, sequentialGlobals } from './flow-variables.js'
import { returnedValue } from './return-value.js'
import { sequentialNodeAnchor } from './sequential-params.js'

/** Runs the code in the sandbox with its Input Variables as `$<name>`, `$flow` and `$vars`. */
async function customFunctionStep(context: StepContext): Promise<StepResult> {
  const { inputs, run } = context
  const code = stepText(inputs.javascriptFunction)
  if (!code.trim()) throw new Error('Javascript Function is empty: write the code to run.')
  const flow = await sequentialFlow(context)
  const variables = readJsonObject(inputs.functionInputVariables, 'Input Variables')
  const read = Object.fromEntries(
    Object.entries(variables).map(([name, value]) => [name, readFlowValue(value, flow, run.vars)]),
  )
  const globals = { ...dollarGlobals(read, 'Input Variables'), ...sequentialGlobals(context, flow) }
  const result = returnedValue(
    await runUserCode(code, globals, { signal: run.signal }),
    inputs.returnValueAs,
    'what the code returned',
  )
  streamIfLast(context, result.output.content ?? '')
  return result
}

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
  step: customFunctionStep,
})
