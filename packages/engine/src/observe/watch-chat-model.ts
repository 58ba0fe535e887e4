import type { TokenUsage } from '@weft/core'
import type { ChatModel } from '@weft/nodes'
import type { NodeOutcome, ObservedModel } from './run-observer.js'

export interface WatchedChatModel {
  /** A copy of the model that reports each call; the node's built value stays as it was. */
  model: ChatModel
  /** What the calls so far add up to: tokens summed, the last failure, the model's name. */
  outcome: () => NodeOutcome
}

const addUsage = (total: TokenUsage | undefined, usage: TokenUsage): TokenUsage => ({
  inputTokens: (total?.inputTokens ?? 0) + usage.inputTokens,
  outputTokens: (total?.outputTokens ?? 0) + usage.outputTokens,
  totalTokens: (total?.totalTokens ?? 0) + usage.totalTokens,
})

/** The provider and model id of an AI SDK model object; a model given by a bare id has none. */
function observedModel(model: ChatModel['model']): ObservedModel | undefined {
  if (typeof model !== 'object') return undefined
  return { provider: model.provider, modelId: model.modelId }
}

/** Counts the calls of a chat model during one run, for the observer of its node. */
export function watchChatModel(chatModel: ChatModel): WatchedChatModel {
  let usage: TokenUsage | undefined
  let error: unknown
  const model: ChatModel = {
    ...chatModel,
    onCall: (report) => {
      chatModel.onCall?.(report)
      usage = addUsage(usage, report.usage)
      error = report.error
    },
  }
  const name = observedModel(chatModel.model)
  return {
    model,
    outcome: () => ({
      ...(usage ? { usage } : {}),
      ...(error !== undefined ? { error } : {}),
      ...(name ? { model: name } : {}),
    }),
  }
}
