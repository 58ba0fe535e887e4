import { defineNode } from '../define-node.js'
import { runUserCode } from '../sandbox/run-user-code.js'
import { stepFlowGlobals, stepVariableGlobals } from './plain-steps/flow-globals.js'
import { stepText, streamIfLast } from './plain-steps/step-text.js'
import type { StepContext, StepResult } from './step.js'
import { updateStateParam } from './step-params.js'

/** Runs the code in the sandbox; what it returns is the output (text as it is, anything else as JSON). */
async function customFunctionStep(context: StepContext): Promise<StepResult> {
  const { inputs, run } = context
  const code = stepText(inputs.customFunctionJavascriptFunction)
  if (!code.trim()) throw new Error('Javascript Function is empty: write the code to run.')
  const globals = {
    ...stepVariableGlobals(inputs.customFunctionInputVariables, 'Input Variables'),
    ...stepFlowGlobals(context),
  }
  const content = stepText(await runUserCode(code, globals, { signal: run.signal }))
  streamIfLast(context, content)
  return { output: { content } }
}

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
  step: customFunctionStep,
})
