import { defineNode, notRunnableYet } from '../define-node.js'
import { listChatModels } from './catalogue-options.js'
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
  run: notRunnableYet,
})
