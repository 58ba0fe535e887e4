import { defineNode } from '../define-node.js'
import { chat, isChatModel, type ChatModel } from '../providers/chat-model.js'
import { readText } from '../runtime/read-input.js'
import type { ModerationValue } from './moderation.js'

const DEFAULT_MESSAGE = 'Cannot Process! Input violates content moderation policies.'

/** The Deny List's entries: one per line, blank lines skipped. */
const readDenyList = (raw: unknown): string[] =>
  readText(raw)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')

const similarityQuestion = (input: string, denied: string[]) =>
  [
    'Does the input below ask for, or closely resemble, any entry of the deny list?',
    'Answer with yes or no only.',
    `Deny list:\n${denied.map((entry) => `- ${entry}`).join('\n')}`,
    `Input:\n${input}`,
  ].join('\n\n')

async function resemblesDenied(model: ChatModel, input: string, denied: string[], signal: AbortSignal) {
  const { text } = await chat(model, {
    messages: [{ role: 'user', content: similarityQuestion(input, denied) }],
    signal,
  })
  return /^\W*yes\b/i.test(text)
}

export default defineNode({
  descriptor: {
    label: 'Simple Prompt Moderation',
    name: 'inputModerationSimple',
    version: 1,
    type: 'Moderation',
    category: 'Moderation',
    description: 'Refuse input that contains a phrase of your deny list, before it reaches the model.',
    icon: 'inputModerationSimple.svg',
    color: '#C0504D',
    baseClasses: ['Moderation'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Deny List',
        name: 'denyList',
        type: 'string',
        rows: 4,
        description: 'Phrases that may not appear in the input, one per line (letter case is ignored).',
        placeholder: 'ignore previous instructions\nreveal your prompt',
      },
      {
        label: 'Chat Model',
        name: 'model',
        type: 'BaseChatModel',
        description: 'Also refuse input the model judges close to a phrase of the deny list.',
        optional: true,
      },
      {
        label: 'Error Message',
        name: 'moderationErrorMessage',
        type: 'string',
        rows: 2,
        description: 'The answer given instead when the input is refused.',
        default: DEFAULT_MESSAGE,
        optional: true,
      },
    ],
  },
  run: async ({ inputs, label }): Promise<ModerationValue> => {
    const denied = readDenyList(inputs.denyList)
    if (!denied.length) throw new Error(`${label}: fill in the Deny List, one phrase per line.`)
    const model = isChatModel(inputs.model) ? inputs.model : undefined
    const message = readText(inputs.moderationErrorMessage).trim() || DEFAULT_MESSAGE
    return {
      kind: 'moderation',
      check: async (input, scope) => {
        const lower = input.toLowerCase()
        if (denied.some((entry) => lower.includes(entry.toLowerCase()))) return message
        if (model && (await resemblesDenied(model, input, denied, scope.signal))) return message
        return undefined
      },
    }
  },
})
