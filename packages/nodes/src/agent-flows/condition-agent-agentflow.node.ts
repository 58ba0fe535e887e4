import { parseRows } from '@weft/core'
import { defineNode } from '../define-node.js'
import { chat } from '../providers/chat-model.js'
import { readText } from '../runtime/read-input.js'
import { listChatModels } from './catalogue-options.js'
import { matchScenario, scenarioPrompt } from './model-steps/scenario-choice.js'
import { withStepSpellings } from './model-steps/step-inputs.js'
import { buildStepModel } from './model-steps/step-model.js'
import { toChatMessages, type TextMessage } from './model-steps/step-messages.js'
import { usageMetadataOf } from './model-steps/usage.js'
import type { StepContext } from './step.js'
import { modelParam } from './step-params.js'

export default defineNode({
  descriptor: {
    label: 'Condition Agent',
    name: 'conditionAgentAgentflow',
    version: 1,
    type: 'ConditionAgent',
    category: 'Agent Flows',
    description: "Let a chat model decide which scenario fits the input, and take that scenario's path.",
    icon: 'conditionAgentAgentflow.svg',
    color: '#303AC0',
    baseClasses: ['ConditionAgent'],
    canvases: ['agentflowV2'],
    inputs: [
      modelParam('conditionAgentModel'),
      {
        label: 'Instructions',
        name: 'conditionAgentInstructions',
        type: 'string',
        rows: 4,
        description: 'What the model should look at to choose.',
        placeholder: 'Decide whether the user asks about billing or about the product.',
        optional: true,
      },
      {
        label: 'Input',
        name: 'conditionAgentInput',
        type: 'string',
        rows: 4,
        description: 'The text to classify.',
        acceptVariable: true,
        default: '{{ question }}',
        optional: true,
      },
      {
        label: 'Scenarios',
        name: 'scenarios',
        type: 'array',
        description: 'Each scenario gets its own output.',
        default: [{ scenario: '' }, { scenario: '' }],
        array: [{ label: 'Scenario', name: 'scenario', type: 'string', placeholder: 'The user asks about billing' }],
      },
    ],
  },
  loadMethods: { listModels: listChatModels },
  step: async (given) => {
    const context = withStepSpellings(given, 'conditionAgentAgentflow')
    const scenarios = readScenarios(context)
    const input = readText(context.inputs.conditionAgentInput).trim() || context.run.question
    const messages: TextMessage[] = [
      { role: 'system', content: scenarioPrompt(readText(context.inputs.conditionAgentInstructions), scenarios) },
      { role: 'user', content: input },
    ]
    const model = await buildStepModel(context, 'conditionAgent')
    // The choice picks a path; it is never the run's answer, so it is not streamed.
    const result = await chat(model, { ...toChatMessages(messages), signal: context.run.signal, stream: false })
    const chosen = matchScenario(result.text, scenarios)
    if (chosen === undefined) {
      const listed = scenarios.map((scenario) => `"${scenario}"`).join(', ')
      throw new Error(
        `${context.label}: the model answered "${result.text.trim()}", which is none of the scenarios ${listed}.`,
      )
    }
    return {
      output: {
        content: scenarios[chosen],
        conditions: scenarios.map((scenario, index) => ({ output: scenario, isFulfilled: index === chosen })),
        usageMetadata: usageMetadataOf(result.usage),
      },
      input: { messages },
      chatHistory: [...messages, { role: 'assistant', content: result.text }],
      next: [chosen],
      usage: result.usage,
    }
  },
})

/** The scenarios, one per output anchor in their order, so none may be left blank. */
function readScenarios(context: StepContext): string[] {
  const scenarios = parseRows(context.inputs.scenarios).map((row) => readText(row.scenario).trim())
  if (scenarios.length === 0) throw new Error(`${context.label}: add the scenarios to choose from.`)
  const blank = scenarios.findIndex((scenario) => scenario === '')
  if (blank !== -1) throw new Error(`${context.label}: scenario ${blank + 1} is empty; describe it or remove it.`)
  return scenarios
}
