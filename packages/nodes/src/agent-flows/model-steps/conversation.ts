import type { TokenUsage } from '@weft/core'
import type { ChatModel } from '../../providers/chat-model.js'
import type { StepContext } from '../step.js'
import { readMemorySettings, rememberedMessages } from './step-memory.js'
import { readMessageRows, type TextMessage } from './step-messages.js'

export interface Conversation {
  messages: TextMessage[]
  usage: TokenUsage
}

/**
 * What an LLM or Agent step sends its model, in this order: the system messages of its Messages
 * (then `instructions`, the step's own), the remembered conversation, the other messages, and the
 * user message. With memory on, the user message is the Input Message (else the question); with
 * memory off, the question goes last only when the Messages hold no user message of their own.
 * The user message is not repeated when the conversation already ends with it.
 */
export async function buildConversation(
  context: StepContext,
  prefix: string,
  model: ChatModel,
  instructions?: string,
): Promise<Conversation> {
  const rows = readMessageRows(context.inputs[`${prefix}Messages`], context.label)
  const memory = readMemorySettings(context, prefix)
  const remembered = await rememberedMessages(context, memory, model)
  const messages: TextMessage[] = [
    ...rows.filter((message) => message.role === 'system'),
    ...(instructions ? [{ role: 'system' as const, content: instructions }] : []),
    ...remembered.messages,
    ...rows.filter((message) => message.role !== 'system'),
  ]
  const userMessage = memory.enabled
    ? memory.userMessage
    : rows.some((message) => message.role === 'user')
      ? ''
      : context.run.question
  const last = messages.at(-1)
  if (userMessage.trim() !== '' && !(last?.role === 'user' && last.content === userMessage)) {
    messages.push({ role: 'user', content: userMessage })
  }
  return { messages, usage: remembered.usage }
}
