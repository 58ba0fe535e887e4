import type { ChatModel } from '../../providers/chat-model.js'
import { readString } from '../../providers/node-inputs.js'
import { readJsonObject } from '../../runtime/read-input.js'
import type { StepContext } from '../step.js'

/** What a step asks when no model is picked: the built-in responder needs no key and no network. */
const DEFAULT_MODEL = 'chatOffline'

/**
 * The chat model a step picked in `<prefix>Model`, built with that model node's inputs, which the
 * step keeps beside the pick in `<prefix>ModelConfig` (under our spellings: `withStepSpellings`).
 */
export function buildStepModel(context: StepContext, prefix: string): Promise<ChatModel> {
  const name = readString(context.inputs[`${prefix}Model`]) ?? DEFAULT_MODEL
  const config = readJsonObject(context.inputs[`${prefix}ModelConfig`], `${context.label}: the model's settings`)
  return context.run.chatModel(name, config)
}
