import { defineNode } from '../define-node.js'
import { chat } from '../providers/chat-model.js'
import { readBoolean, readString } from '../providers/node-inputs.js'
import { readText } from '../runtime/read-input.js'
import { listChatModels } from './catalogue-options.js'
import { withStepSpellings } from './model-steps/step-inputs.js'
import { turnsToMessages } from './model-steps/step-messages.js'
import { buildStepModel } from './model-steps/step-model.js'
import { usageMetadataOf } from './model-steps/usage.js'
import type { StepContext, StepResult } from './step.js'
import { modelParam } from './step-params.js'

const DEFAULT_PROMPT = 'Summarise the conversation so far and ask the user to approve or reject the next step.'

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
        default: DEFAULT_PROMPT,
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
  step: async (given) => {
    const context = withStepSpellings(given, 'humanInputAgentflow')
    refuseWhenExpired(context)
    return context.humanInput ? resume(context, context.humanInput) : pause(context)
  },
})

/** The person answered: follow Proceed (output 0) or Reject (output 1), with their feedback as a turn. */
function resume(context: StepContext, answer: NonNullable<StepContext['humanInput']>): StepResult {
  const proceed = answer.type === 'proceed'
  const feedback = answer.feedback?.trim()
  return {
    output: { content: feedback || (proceed ? 'Proceed' : 'Reject') },
    turns: feedback ? [{ role: 'userMessage', content: feedback }] : [],
    next: [proceed ? 0 : 1],
  }
}

/** Stop the run here and put the description to the person. */
async function pause(context: StepContext): Promise<StepResult> {
  const enableFeedback = readBoolean(context.inputs.humanInputEnableFeedback, true)
  if (readString(context.inputs.humanInputDescriptionType) === 'dynamic') {
    const { question, messages, usage } = await writeDescription(context)
    return {
      output: { content: question, usageMetadata: usageMetadataOf(usage) },
      input: { messages },
      pause: { question, enableFeedback },
      usage,
    }
  }
  const question = readText(context.inputs.humanInputDescription).trim()
  if (!question) throw new Error(`${context.label}: write the Description the person is asked to decide on.`)
  return { output: { content: question }, pause: { question, enableFeedback } }
}

/** Dynamic description: the step's model reads the conversation and writes the question. */
async function writeDescription(context: StepContext) {
  const model = await buildStepModel(context, 'humanInput')
  const prompt = readText(context.inputs.humanInputModelPrompt).trim() || DEFAULT_PROMPT
  const messages = [...turnsToMessages(await context.history()), { role: 'user' as const, content: prompt }]
  const result = await chat(model, { messages, signal: context.run.signal, stream: false })
  const question = result.text.trim()
  if (!question) throw new Error(`${context.label}: the model wrote no description to put to the person.`)
  return { question, messages, usage: result.usage }
}

/** A run paused past its Expires On can no longer go on; neither may a new one wait on a past date. */
function refuseWhenExpired(context: StepContext): void {
  const expiresOn = readString(context.inputs.humanInputExpiresOn)
  if (!expiresOn) return
  const time = Date.parse(expiresOn)
  if (Number.isNaN(time)) throw new Error(`${context.label}: Expires On is not a date: "${expiresOn}".`)
  if (time < Date.now()) throw new Error(`This approval expired on ${expiresOn}.`)
}
