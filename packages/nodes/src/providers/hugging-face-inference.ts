import type { OutboundFetch } from '../net/outbound-guard.js'
import type { ChatModel } from './chat-model.js'
import { callJsonApi } from './json-api.js'
import { readChatSettings, readNumber, readServerAddress, readString } from './node-inputs.js'
import { textCompletionModel, type CompletionRequest } from './text-completion-model.js'

// Hugging Face text generation: the node's Endpoint (an Inference Endpoint of your own) or the
// hosted inference API of the model, `{ inputs, parameters }` → `[{ generated_text }]`.

/** The hosted inference API's address of a model. */
export const huggingFaceModelURL = (model: string) => `https://router.huggingface.co/hf-inference/models/${model}`

/** The HuggingFace Inference (LLM) node's model. */
export function huggingFaceInferenceModel(
  inputs: Record<string, unknown>,
  credential: Record<string, string> | undefined,
  fetch: OutboundFetch,
): ChatModel {
  const apiKey = readString(credential?.huggingFaceApiKey)
  const endpoint = readServerAddress(inputs, 'endpoint')
  const model = readString(inputs.model)
  if (!endpoint && !model) throw new Error('HuggingFace Inference needs a Model or an Endpoint: fill in one of them')
  const url = endpoint ?? huggingFaceModelURL(model!)
  const name = model ?? 'Inference Endpoint'
  const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {}

  const complete = async (request: CompletionRequest): Promise<string> => {
    const parameters = {
      temperature: request.temperature,
      max_new_tokens: request.maxOutputTokens,
      top_p: request.topP,
      top_k: request.topK,
      repetition_penalty: request.frequencyPenalty,
      stop: request.stopSequences,
      return_full_text: false,
    }
    const answer = await callJsonApi(fetch, url, {
      body: { inputs: request.prompt, parameters },
      headers,
      key: apiKey,
      signal: request.signal,
    })
    const first = Array.isArray(answer) ? answer[0] : answer
    const text = (first as { generated_text?: unknown } | undefined)?.generated_text
    if (typeof text !== 'string') throw new Error('the server did not answer a generated_text')
    return text
  }

  return {
    kind: 'chatModel',
    label: `Hugging Face ${name}`,
    model: textCompletionModel('huggingface', name, complete),
    // Flowise keeps this node's Top K under hfTopK.
    settings: { ...readChatSettings(inputs), topK: readNumber(inputs.hfTopK) },
    streaming: false,
  }
}
