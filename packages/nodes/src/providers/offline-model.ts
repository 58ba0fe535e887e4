import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider'
import type { ChatModel } from './chat-model.js'
import { readPrompt } from './offline-prompt.js'
import { respond, type ResponderOutput } from './offline-responder.js'
import { wordsOf } from './words.js'

// The built-in responder as an AI SDK language model, so flows call it exactly like a real one:
// through `chat()`, with streaming, tools and usage. Its rules live in offline-responder.ts.
// Usage is counted in words, not tokens: it has no tokenizer.

export const OFFLINE_MODEL_ID = 'weft-responder'

const pieces = (text: string): string[] => text.match(/\S+\s*/g) ?? []

function usageOf(options: LanguageModelV3CallOptions, output: ResponderOutput): LanguageModelV3Usage {
  const prompt = options.prompt
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part) => ('text' in part ? part.text : '')).join(' '),
    )
    .join(' ')
  const written = output.type === 'text' ? wordsOf(output.text).length : 0
  return {
    inputTokens: { total: wordsOf(prompt).length, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: written, text: written, reasoning: undefined },
  }
}

/** One id per step, so the ids stay the same from run to run. */
const toolCallId = (options: LanguageModelV3CallOptions): string =>
  `weft-call-${options.prompt.filter((message) => message.role === 'tool').length + 1}`

function answer(options: LanguageModelV3CallOptions) {
  options.abortSignal?.throwIfAborted()
  const output = respond(readPrompt(options))
  const finishReason: LanguageModelV3FinishReason =
    output.type === 'text' ? { unified: 'stop', raw: 'stop' } : { unified: 'tool-calls', raw: 'tool_calls' }
  return { output, finishReason, usage: usageOf(options, output) }
}

function contentOf(output: ResponderOutput, options: LanguageModelV3CallOptions): LanguageModelV3Content {
  if (output.type === 'text') return { type: 'text', text: output.text }
  return {
    type: 'tool-call',
    toolCallId: toolCallId(options),
    toolName: output.toolName,
    input: JSON.stringify(output.input),
  }
}

function streamParts(options: LanguageModelV3CallOptions): LanguageModelV3StreamPart[] {
  const { output, finishReason, usage } = answer(options)
  const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }]
  if (output.type === 'text') {
    parts.push({ type: 'text-start', id: 'text-1' })
    for (const delta of pieces(output.text)) parts.push({ type: 'text-delta', id: 'text-1', delta })
    parts.push({ type: 'text-end', id: 'text-1' })
  } else {
    parts.push(contentOf(output, options) as LanguageModelV3StreamPart)
  }
  parts.push({ type: 'finish', finishReason, usage })
  return parts
}

export const offlineLanguageModel: LanguageModelV3 = {
  specificationVersion: 'v3',
  provider: 'weft',
  modelId: OFFLINE_MODEL_ID,
  supportedUrls: {},
  async doGenerate(options) {
    const { output, finishReason, usage } = answer(options)
    return { content: [contentOf(output, options)], finishReason, usage, warnings: [] }
  },
  async doStream(options) {
    const parts = streamParts(options)
    let next = 0
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      // One word per pull: a reader that stops reading, or an aborted signal, stops the answer.
      pull(controller) {
        if (options.abortSignal?.aborted) return controller.error(options.abortSignal.reason)
        const part = parts[next++]
        if (part) controller.enqueue(part)
        else controller.close()
      },
    })
    return { stream }
  },
}

/** A ready chat model for the built-in responder; its label says plainly that it is not an LLM. */
export const offlineChatModel: ChatModel = {
  kind: 'chatModel',
  label: 'Built-in Responder (not an LLM)',
  model: offlineLanguageModel,
  settings: {},
  streaming: true,
}
