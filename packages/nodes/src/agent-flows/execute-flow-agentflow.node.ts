import { failure } from '@weft/core'
import type { ChatTurn } from '@weft/core'
import { defineNode } from '../define-node.js'
import { readJsonObject } from '../runtime/read-input.js'
import { stepText, streamIfLast } from './plain-steps/step-text.js'
import type { StepContext, StepResult } from './step.js'
import { returnResponseAsParam, updateStateParam } from './step-params.js'

function readOverrideConfig(raw: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(raw)) {
    throw new Error('Override Config must be a JSON object such as { "temperature": 0 }, not a list.')
  }
  const config = readJsonObject(raw, 'Override Config')
  return Object.keys(config).length ? config : undefined
}

/**
 * Runs the picked flow of the same workspace with the input; its answer is the output. The Base URL
 * input is not read: the flow runs in this process through `run.runFlow`, which keeps it inside the
 * caller's workspace and links the executions, instead of an HTTP call that would need an API key
 * and could be pointed anywhere.
 */
async function executeFlowStep(context: StepContext): Promise<StepResult> {
  const { inputs, run } = context
  const flowId = stepText(inputs.executeFlowSelectedFlow).trim()
  if (!flowId) throw failure('configuration', 'Select Flow is empty: pick the flow to run.')
  // Only the direct call is caught here; longer cycles (a calls b calls a) are for the engine to bound.
  if (flowId === run.flowId) throw new Error('Execute Flow cannot run the flow it belongs to.')
  const question = stepText(inputs.executeFlowInput).trim() || run.question
  const overrideConfig = readOverrideConfig(inputs.executeFlowOverrideConfig)
  const { text, executionId } = await run.runFlow({ flowId, question, ...(overrideConfig ? { overrideConfig } : {}) })
  streamIfLast(context, text)
  const role: ChatTurn['role'] =
    inputs.executeFlowReturnResponseAs === 'assistantMessage' ? 'apiMessage' : 'userMessage'
  return {
    output: { content: text, ...(executionId ? { executionId } : {}) },
    turns: [{ role, content: text }],
  }
}

export default defineNode({
  descriptor: {
    label: 'Execute Flow',
    name: 'executeFlowAgentflow',
    version: 1,
    type: 'ExecuteFlow',
    category: 'Agent Flows',
    description: "Run another saved flow with an input, and use its answer as this step's output.",
    icon: 'executeFlowAgentflow.svg',
    color: '#73C030',
    baseClasses: ['ExecuteFlow'],
    canvases: ['agentflowV2'],
    inputs: [
      { label: 'Select Flow', name: 'executeFlowSelectedFlow', type: 'asyncOptions', loadMethod: 'listFlows' },
      {
        label: 'Input',
        name: 'executeFlowInput',
        type: 'string',
        rows: 4,
        default: '{{ question }}',
        acceptVariable: true,
      },
      {
        label: 'Override Config',
        name: 'executeFlowOverrideConfig',
        type: 'json',
        description: 'Settings of the called flow to override, as in the prediction API.',
        optional: true,
      },
      {
        label: 'Base URL',
        name: 'executeFlowBaseURL',
        type: 'string',
        description: 'Call the flow on another Weft server instead of this one.',
        placeholder: 'http://localhost:3000',
        optional: true,
      },
      returnResponseAsParam('executeFlowReturnResponseAs'),
      updateStateParam('executeFlowUpdateState'),
    ],
  },
  step: executeFlowStep,
})
