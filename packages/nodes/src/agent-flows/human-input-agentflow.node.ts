import { defineNode, notRunnableYet } from '../define-node.js'
import { listChatModels } from './catalogue-options.js'
import { modelParam } from './step-params.js'

export default defineNode({
  descriptor: {
    label: 'Human Input',
    name: 'humanInputAgentflow',
    version: 1,
    type: 'HumanInput',
    category: 'Agent Flows',
    description: 'Pause the flow until a person approves or rejects, then continue down their choice.',
    icon: 'humanInputAgentflow.svg',
    color: '#C030AD',
    baseClasses: ['HumanInput'],
    canvases: ['agentflowV2'],
    inputs: [
      {
        label: 'Description Type',
        name: 'humanInputDescriptionType',
        type: 'options',
        options: [
          { label: 'Fixed', name: 'fixed', description: 'Show the text you write.' },
          { label: 'Dynamic', name: 'dynamic', description: 'Let a model write it from the conversation.' },
        ],
        default: 'fixed',
      },
      {
        label: 'Description',
        name: 'humanInputDescription',
        type: 'string',
        rows: 4,
        description: 'What the person is asked to decide.',
        placeholder: 'Are you sure you want to send this email?',
        acceptVariable: true,
        show: { humanInputDescriptionType: 'fixed' },
      },
      { ...modelParam('humanInputModel'), show: { humanInputDescriptionType: 'dynamic' } },
      {
        label: 'Prompt',
        name: 'humanInputModelPrompt',
        type: 'string',
        rows: 4,
        default: 'Summarise the conversation so far and ask the user to approve or reject the next step.',
        acceptVariable: true,
        show: { humanInputDescriptionType: 'dynamic' },
      },
      {
        label: 'Enable Feedback',
        name: 'humanInputEnableFeedback',
        type: 'boolean',
        description: 'Let the person add a comment with their choice.',
        default: true,
      },
      {
        label: 'Expires On',
        name: 'humanInputExpiresOn',
        type: 'date',
        description: 'After this date the paused run can no longer be resumed; empty waits forever.',
        optional: true,
      },
    ],
    outputs: [
      { label: 'Proceed', name: 'proceed' },
      { label: 'Reject', name: 'reject' },
    ],
  },
  loadMethods: { listModels: listChatModels },
  run: notRunnableYet,
})
