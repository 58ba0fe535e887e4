import type { ModelMessage } from 'ai'
import type { ChatModel } from '../../providers/chat-model.js'
import { userMessage } from '../../runtime/user-message.js'
import type { StepRunScope } from '../step.js'

/**
 * The step's messages with the run's images added to the user's question (the last user message
 * that is the question), for a model that sees images; unchanged otherwise. The execution keeps
 * the text messages: images are not copied into it.
 */
export function withQuestionImages(
  messages: ModelMessage[],
  model: ChatModel,
  run: Pick<StepRunScope, 'question' | 'uploads'>,
): ModelMessage[] {
  if (!model.images || !run.uploads?.length) return messages
  const at = messages.findLastIndex((message) => message.role === 'user' && message.content === run.question)
  if (at === -1) return messages
  return messages.map((message, index) => (index === at ? userMessage(model, run.question, run.uploads) : message))
}
