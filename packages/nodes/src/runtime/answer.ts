import type { Answer, Answerer, RunScope } from '../define-node.js'
import { chat, isChatModel, type ChatModel, type ChatRequest } from '../providers/chat-model.js'

export type ModelRequest = Omit<ChatRequest, 'signal' | 'onToken' | 'onToolUsed' | 'stream'>

/** The chat model connected to `inputLabel`, or an error telling the user to connect one. */
export function requireChatModel(value: unknown, inputLabel: string): ChatModel {
  if (isChatModel(value)) return value
  throw new Error(`Connect a chat model to ${inputLabel}.`)
}

/**
 * Asks the model and gives the user what it writes as it writes it: tokens as `token` events, the
 * tools it called as one `usedTools` event at the end.
 */
export async function answerWithModel(model: ChatModel, request: ModelRequest, scope: RunScope): Promise<Answer> {
  const result = await chat(model, {
    ...request,
    signal: scope.signal,
    onToken: (data) => scope.emit({ event: 'token', data }),
    stream: scope.streaming,
  })
  if (result.usedTools.length) scope.emit({ event: 'usedTools', data: result.usedTools })
  return {
    text: result.text,
    usage: result.usage,
    ...(result.usedTools.length ? { usedTools: result.usedTools } : {}),
  }
}

/** An Answerer that asks the model the request built at answer time. */
export const modelAnswerer = (
  model: ChatModel,
  buildRequest: (scope: RunScope) => Promise<ModelRequest>,
): Answerer => ({
  answer: async (scope) => answerWithModel(model, await buildRequest(scope), scope),
})

/** An Answerer for an answer that is already known (a function's result): one token, then the answer. */
export const fixedAnswerer = (answer: Answer): Answerer => ({
  answer: async (scope) => {
    if (answer.text) scope.emit({ event: 'token', data: answer.text })
    return answer
  },
})
