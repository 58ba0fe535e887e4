import type { ChatTurn, TokenUsage } from '@weft/core'
import { chat, type ChatModel } from '../../providers/chat-model.js'
import { readBoolean, readString } from '../../providers/node-inputs.js'
import { readNumber } from '../../runtime/read-input.js'
import type { StepContext } from '../step.js'
import { turnsToMessages, type TextMessage } from './step-messages.js'
import { NO_USAGE } from './usage.js'

// The memory params of step-params.ts: whether a step sees the conversation so far, and how much.

export type MemoryType = 'allMessages' | 'windowSize' | 'conversationSummary'

export interface MemorySettings {
  enabled: boolean
  type: MemoryType
  /** Messages kept by `windowSize`. */
  windowSize: number
  /** The user message the step adds: its Input Message, else the run's question. */
  userMessage: string
}

const DEFAULT_WINDOW = 20
/** Conversation Summary keeps this many latest turns word for word and summarises the older ones. */
export const RECENT_TURNS = 4

const SUMMARY_INSTRUCTIONS =
  'Summarise the conversation below in a few sentences. Keep the facts, names, numbers and decisions ' +
  'that a later answer may need. Write only the summary.'

export function readMemorySettings(context: StepContext, prefix: string): MemorySettings {
  const { inputs } = context
  const type = readString(inputs[`${prefix}MemoryType`])
  return {
    enabled: readBoolean(inputs[`${prefix}EnableMemory`], true),
    type: type === 'windowSize' || type === 'conversationSummary' ? type : 'allMessages',
    windowSize: Math.max(0, Math.floor(readNumber(inputs[`${prefix}MemoryWindowSize`]) ?? DEFAULT_WINDOW)),
    userMessage: readString(inputs[`${prefix}UserMessage`]) ?? context.run.question,
  }
}

export interface Remembered {
  messages: TextMessage[]
  /** Tokens the summary call used (none for the other memory types). */
  usage: TokenUsage
}

/** The conversation so far as the step's memory settings let it through. */
export async function rememberedMessages(
  context: StepContext,
  settings: MemorySettings,
  model: ChatModel,
): Promise<Remembered> {
  if (!settings.enabled) return { messages: [], usage: NO_USAGE }
  const turns = await context.history()
  if (settings.type === 'windowSize') {
    return {
      messages: turnsToMessages(settings.windowSize === 0 ? [] : turns.slice(-settings.windowSize)),
      usage: NO_USAGE,
    }
  }
  if (settings.type === 'conversationSummary' && turns.length > RECENT_TURNS) {
    return summarise(context, model, turns)
  }
  return { messages: turnsToMessages(turns), usage: NO_USAGE }
}

const transcriptOf = (turns: ChatTurn[]): string =>
  turns.map((turn) => `${turn.role === 'userMessage' ? 'User' : 'Assistant'}: ${turn.content}`).join('\n')

async function summarise(context: StepContext, model: ChatModel, turns: ChatTurn[]): Promise<Remembered> {
  const older = turns.slice(0, -RECENT_TURNS)
  const summary = await chat(model, {
    system: SUMMARY_INSTRUCTIONS,
    messages: [{ role: 'user', content: transcriptOf(older) }],
    signal: context.run.signal,
    stream: false,
  })
  return {
    messages: [
      { role: 'system', content: `Summary of the earlier conversation: ${summary.text}` },
      ...turnsToMessages(turns.slice(-RECENT_TURNS)),
    ],
    usage: summary.usage,
  }
}
