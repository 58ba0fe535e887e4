import { pause } from '../assistants/provider/ask-assistant.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { readJsonObject } from '../runtime/read-input.js'
import type { ChatModel } from './chat-model.js'
import { callJsonApi } from './json-api.js'
import { readChatSettings, readNumber, readString, requireCredential, withoutTrailingSlash } from './node-inputs.js'
import { textCompletionModel, type CompletionRequest } from './text-completion-model.js'

// Replicate's HTTP API: a prediction is created with the prompt (`Prefer: wait` asks for the answer
// at once) and, while it is still running, asked for again by its id at our own address for it,
// never at an address the answer names, so the token goes nowhere else. A language model's output
// is a list of text pieces.

const DEFAULT_BASE_URL = 'https://api.replicate.com/v1'
const POLL_DELAYS_MS = [200, 500, 1000, 2000]
const RUNNING = new Set(['starting', 'processing'])

interface Prediction {
  id?: string
  status?: string
  output?: unknown
  error?: unknown
}

/** The Replicate node's model: `owner/name` (its latest version) or `owner/name:version`. */
export function replicateModel(
  inputs: Record<string, unknown>,
  credential: Record<string, string> | undefined,
  fetch: OutboundFetch,
): ChatModel {
  const apiKey = requireCredential(credential, 'replicateApiKey', {
    nodeLabel: 'Replicate',
    secret: 'a Replicate API token',
  })
  const model = readString(inputs.model)
  if (!model) throw new Error('Replicate needs a Model: fill in owner/name or owner/name:version')
  const baseURL = withoutTrailingSlash(readString(credential?.replicateApiBaseUrl) ?? DEFAULT_BASE_URL)
  const extraInputs = readJsonObject(inputs.additionalInputs, 'Replicate: Additional Inputs')
  const repetitionPenalty = readNumber(inputs.repetitionPenalty)
  const headers = { authorization: `Bearer ${apiKey}` }
  const [name, version] = model.split(':') as [string, string | undefined]

  const complete = async (request: CompletionRequest): Promise<string> => {
    const input = {
      prompt: request.prompt,
      ...(request.maxOutputTokens !== undefined ? { max_length: request.maxOutputTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.topP !== undefined ? { top_p: request.topP } : {}),
      ...(repetitionPenalty !== undefined ? { repetition_penalty: repetitionPenalty } : {}),
      ...extraInputs,
    }
    const call = { headers, key: apiKey, signal: request.signal }
    const created = version
      ? { url: `${baseURL}/predictions`, body: { version, input } }
      : { url: `${baseURL}/models/${name}/predictions`, body: { input } }
    let prediction = (await callJsonApi(fetch, created.url, {
      ...call,
      body: created.body,
      headers: { ...headers, prefer: 'wait' },
    })) as Prediction
    for (let attempt = 0; RUNNING.has(prediction.status ?? '') && prediction.id; attempt++) {
      await pause(
        POLL_DELAYS_MS[Math.min(attempt, POLL_DELAYS_MS.length - 1)]!,
        request.signal ?? new AbortController().signal,
      )
      prediction = (await callJsonApi(
        fetch,
        `${baseURL}/predictions/${encodeURIComponent(prediction.id)}`,
        call,
      )) as Prediction
    }
    if (prediction.status !== 'succeeded') {
      throw new Error(
        `the prediction ended ${prediction.status ?? 'without a status'}: ${String(prediction.error ?? 'no reason given')}`,
      )
    }
    return Array.isArray(prediction.output) ? prediction.output.join('') : String(prediction.output ?? '')
  }

  return {
    kind: 'chatModel',
    label: `Replicate ${model}`,
    model: textCompletionModel('replicate', model, complete),
    settings: readChatSettings(inputs),
    // The answer arrives whole; nothing would stream.
    streaming: false,
  }
}
