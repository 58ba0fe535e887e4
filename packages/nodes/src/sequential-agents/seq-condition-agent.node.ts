import { readStructuredFields } from '../agent-flows/model-steps/structured-output.js'
import type { StepContext, StepResult } from '../agent-flows/step.js'
import { defineNode } from '../define-node.js'
import { takeSequentialOutput } from './condition-choice.js'
import { runSequentialModelStep } from './model-step.js'
import {
  conditionTabsParam,
  conversationHistoryParam,
  humanPromptParam,
  overrideModelAnchor,
  sequentialNodeAnchor,
  sequentialPromptValuesParam,
  structuredOutputGrid,
  systemPromptParam,
  v1StructuredRows,
} from './sequential-params.js'

const SYSTEM_PLACEHOLDER =
  'You are a customer support router. Decide whether the representative sends the user to technical support.'

const HUMAN_DEFAULT =
  'Answer only with the word "TECHNICAL" when the user goes to technical support, otherwise with "CONVERSATION".'

export default defineNode({
  descriptor: {
    label: 'Condition Agent',
    name: 'seqConditionAgent',
    version: 1,
    type: 'ConditionAgent',
    category: 'Sequential Agents',
    description: 'A model reads the conversation and its answer decides which path to take; End when no rule holds.',
    icon: 'seqConditionAgent.svg',
    color: '#5B3A9E',
    baseClasses: ['ConditionAgent'],
    canvases: ['sequential'],
    inputs: [
      { label: 'Name', name: 'conditionAgentName', type: 'string', placeholder: 'Router' },
      sequentialNodeAnchor,
      overrideModelAnchor,
      { ...systemPromptParam(SYSTEM_PLACEHOLDER), additionalParams: true },
      conversationHistoryParam,
      { ...humanPromptParam, default: HUMAN_DEFAULT },
      sequentialPromptValuesParam,
      structuredOutputGrid('conditionAgentStructuredOutput'),
      conditionTabsParam,
    ],
  },
  step: conditionAgentStep,
})

/**
 * Asks the model (its answer is not added to the conversation), then takes the output whose rule
 * holds for `$flow.output`: the answer's text as `content`, or its JSON keys with a structured output.
 */
async function conditionAgentStep(context: StepContext): Promise<StepResult> {
  const structured = readStructuredFields(
    v1StructuredRows(context.inputs.conditionAgentStructuredOutput),
    context.label,
  )
  const asked = await runSequentialModelStep(
    { ...context, isLastStep: false, inputs: { ...context.inputs, selectedUpdateStateMemoryTab: undefined } },
    { structured },
  )
  const { conditions, next } = await takeSequentialOutput(context, asked.output)
  return {
    output: { ...asked.output, conditions },
    ...(asked.input ? { input: asked.input } : {}),
    ...(asked.usage ? { usage: asked.usage } : {}),
    next,
  }
}
