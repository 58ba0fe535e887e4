import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
  SharedV3Warning,
} from '@ai-sdk/provider'
import { availableParallelism } from 'node:os'
import { basename } from 'node:path'
import type { ChatModel } from './chat-model.js'
import { hasFiles, NO_TOOLS_MESSAGE, toChatHistory } from './llama-cpp-history.js'
import { findModelFile, modelsFolder } from './llama-cpp-path.js'
import { withLlamaChat, type ContextSettings } from './llama-cpp-runtime.js'
import { readChatSettings, readNumber, readStreaming, readString } from './node-inputs.js'

// A GGUF file run in this process by llama.cpp (node-llama-cpp), on the CPU, as an AI SDK language
// model: flows call it through `chat()` like any other, with streaming, cancelling and token usage.
// The prompt is laid out by the chat template inside the file; tools are refused plainly.

const NODE_LABEL = 'ChatLlamaCpp'
const DEFAULT_CONTEXT_SIZE = 2048

/** All cores but one, so the server still answers while a model writes. */
export const defaultThreads = (): number => Math.max(1, availableParallelism() - 1)

export interface LlamaCppSettings extends ContextSettings {
  /** The file's full path; looked up again on every call, since a file can be moved or replaced. */
  modelPath: string
}

interface Answer {
  text: string
  finishReason: LanguageModelV3FinishReason
  usage: LanguageModelV3Usage
}

function usageOf(inputTokens: number, outputTokens: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: outputTokens, text: outputTokens, reasoning: undefined },
  }
}

function finishReasonOf(stopReason: string): LanguageModelV3FinishReason {
  return { unified: stopReason === 'maxTokens' ? 'length' : 'stop', raw: stopReason }
}

function warningsOf(options: LanguageModelV3CallOptions): SharedV3Warning[] {
  const warnings: SharedV3Warning[] = []
  if (hasFiles(options.prompt)) warnings.push({ type: 'unsupported', feature: 'files', details: 'only text is read' })
  if (options.responseFormat?.type === 'json') warnings.push({ type: 'unsupported', feature: 'responseFormat' })
  return warnings
}

/** Writes one answer; `onText` gets each piece of text as llama.cpp decodes it. */
async function answer(
  settings: LlamaCppSettings,
  options: LanguageModelV3CallOptions,
  signal: AbortSignal | undefined,
  onText?: (text: string) => void,
): Promise<Answer> {
  if (options.tools?.length) throw new Error(NO_TOOLS_MESSAGE)
  const history = toChatHistory(options.prompt)
  const file = await findModelFile(settings.modelPath, NODE_LABEL)
  return withLlamaChat(file, settings, async (chat) => {
    const result = await chat.generateResponse(history, {
      onTextChunk: onText,
      signal,
      // Stopping returns what was written instead of throwing from inside llama.cpp's loop;
      // the abort is reported below, once the context is in a clean state.
      stopOnAbortSignal: true,
      maxTokens: options.maxOutputTokens,
      temperature: options.temperature,
      topK: options.topK,
      topP: options.topP,
      seed: options.seed,
      customStopTriggers: options.stopSequences,
    })
    signal?.throwIfAborted()
    // The context is new, so its meter counts this call alone: the rendered prompt as input.
    const meter = chat.sequence.tokenMeter
    return {
      text: result.response,
      finishReason: finishReasonOf(result.metadata.stopReason),
      usage: usageOf(meter.usedInputTokens, meter.usedOutputTokens),
    }
  })
}

function streamOf(
  settings: LlamaCppSettings,
  options: LanguageModelV3CallOptions,
): ReadableStream<LanguageModelV3StreamPart> {
  // A reader that stops reading (cancel) stops the model like the caller's signal does.
  const stopped = new AbortController()
  const signal = options.abortSignal ? AbortSignal.any([options.abortSignal, stopped.signal]) : stopped.signal
  return new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      const send = (part: LanguageModelV3StreamPart) => {
        if (!stopped.signal.aborted) controller.enqueue(part)
      }
      send({ type: 'stream-start', warnings: warningsOf(options) })
      send({ type: 'text-start', id: 'text-1' })
      answer(settings, options, signal, (delta) => send({ type: 'text-delta', id: 'text-1', delta })).then(
        ({ finishReason, usage }) => {
          send({ type: 'text-end', id: 'text-1' })
          send({ type: 'finish', finishReason, usage })
          if (!stopped.signal.aborted) controller.close()
        },
        (error: unknown) => {
          if (!stopped.signal.aborted) controller.error(error)
        },
      )
    },
    cancel(reason) {
      stopped.abort(reason)
    },
  })
}

/** A GGUF file as an AI SDK language model; the file is loaded on the first call. */
export function llamaCppLanguageModel(settings: LlamaCppSettings): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: 'llama.cpp',
    modelId: basename(settings.modelPath),
    supportedUrls: {},
    async doGenerate(options) {
      const { text, finishReason, usage } = await answer(settings, options, options.abortSignal)
      return { content: [{ type: 'text', text }], finishReason, usage, warnings: warningsOf(options) }
    },
    async doStream(options) {
      return { stream: streamOf(settings, options) }
    },
  }
}

/** The ChatLlamaCpp node's model; refuses a model path that names no file, before any run. */
export async function llamaCppChatModel(inputs: Record<string, unknown>): Promise<ChatModel> {
  const modelPath = readString(inputs.modelPath)
  if (modelPath === undefined) {
    throw new Error(
      `${NODE_LABEL} needs a Model Path: the name of a GGUF file in ${modelsFolder()}, or an absolute path`,
    )
  }
  const file = await findModelFile(modelPath, NODE_LABEL)
  const settings: LlamaCppSettings = {
    modelPath: file.path,
    contextSize: Math.max(1, Math.round(readNumber(inputs.contextSize) ?? DEFAULT_CONTEXT_SIZE)),
    threads: Math.max(1, Math.round(readNumber(inputs.threads) ?? defaultThreads())),
  }
  return {
    kind: 'chatModel',
    label: `llama.cpp ${basename(file.path)}`,
    model: llamaCppLanguageModel(settings),
    settings: readChatSettings(inputs),
    streaming: readStreaming(inputs),
  }
}
