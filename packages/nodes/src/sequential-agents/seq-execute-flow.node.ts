import { failure } from '@weft/core'
import { stepText, streamIfLast } from '../agent-flows/plain-steps/step-text.js'
import type { StepContext, StepResult } from '../agent-flows/step.js'
import { defineNode } from '../define-node.js'
import { readJsonObject } from '../runtime/read-input.js'
import { readFlowValue, sequentialFlow } from './flow-variables.js'
import { returnedValue } from './return-value.js'
import { sequentialNodeAnchor } from './sequential-params.js'

/**
 * Runs the picked flow of the same workspace with the question or the Custom Input; its answer is
 * the output. As in V2's Execute Flow, the Base URL is not read: the flow runs in this process, in
 * the caller's workspace, with its execution linked to this one.
 */
async function executeFlowStep(context: StepContext): Promise<StepResult> {
  const { inputs, run } = context
  const flowId = stepText(inputs.selectedFlow).trim()
  if (!flowId) throw failure('configuration', 'Select Flow is empty: pick the flow to run.')
  if (flowId === run.flowId) throw new Error('Execute Flow cannot run the flow it belongs to.')
  const custom = inputs.seqExecuteFlowInput === 'customInput'
  const question = custom
    ? stepText(readFlowValue(inputs.customInput ?? '', await sequentialFlow(context), run.vars)).trim() || run.question
    : run.question
  const overrideConfig = readJsonObject(inputs.overrideConfig, 'Override Config')
  const { text, executionId } = await run.runFlow({
    flowId,
    question,
    ...(Object.keys(overrideConfig).length ? { overrideConfig } : {}),
  })
  const result = returnedValue(text, inputs.returnValueAs, "the flow's answer")
  streamIfLast(context, result.output.content ?? '')
  return { ...result, output: { ...result.output, ...(executionId ? { executionId } : {}) } }
}

export default defineNode({
  descriptor: {
    label: 'Execute Flow',
    name: 'seqExecuteFlow',
    version: 1,
    type: 'ExecuteFlow',
    category: 'Sequential Agents',
    description: 'Run another saved flow as one step and use its answer.',
    icon: 'seqExecuteFlow.svg',
    color: '#BC4E93',
    baseClasses: ['ExecuteFlow'],
    canvases: ['sequential'],
    inputs: [
      sequentialNodeAnchor,
      { label: 'Name', name: 'seqExecuteFlowName', type: 'string', placeholder: 'Ask the billing flow' },
      { label: 'Select Flow', name: 'selectedFlow', type: 'asyncOptions', loadMethod: 'listFlows' },
      {
        label: 'Input',
        name: 'seqExecuteFlowInput',
        type: 'options',
        options: [
          { label: 'User Question', name: 'userQuestion' },
          { label: 'Custom Input', name: 'customInput' },
        ],
        default: 'userQuestion',
      },
      {
        label: 'Custom Input',
        name: 'customInput',
        type: 'string',
        rows: 3,
        placeholder: 'Summarise: $flow.state.notes',
        acceptVariable: true,
        show: { seqExecuteFlowInput: 'customInput' },
      },
      {
        label: 'Override Config',
        name: 'overrideConfig',
        type: 'json',
        description: 'Settings of the called flow to override, as in the prediction API.',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Base URL',
        name: 'baseURL',
        type: 'string',
        description: 'Call the flow on another Weft server instead of this one.',
        placeholder: 'http://localhost:3000',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Return Value As',
        name: 'returnValueAs',
        type: 'options',
        options: [
          { label: 'AI Message', name: 'aiMessage' },
          { label: 'Human Message', name: 'humanMessage' },
          { label: 'State Object', name: 'stateObj' },
        ],
        default: 'aiMessage',
      },
    ],
  },
  step: executeFlowStep,
})
