import {
  jsonSchema,
  stepCountIs,
  generateText,
  streamText,
  type LanguageModelUsage,
  tool as aiTool,
  type LanguageModel,
  type ModelMessage,
  type ToolSet,
} from 'ai'
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3Prompt,
  type SharedV3ProviderOptions,
} from '@ai-sdk/provider'
import { failureKindOf, type FailureKind, type ImageDetail, type TokenUsage, type UsedTool } from '@weft/core'

/** Sampling settings a chat model node passes to every call. */
export interface ChatSettings {
  temperature?: number
  maxOutputTokens?: number
  topP?: number
  topK?: number
  frequencyPenalty?: number
  presencePenalty?: number
  /** Milliseconds before a call is abandoned. */
  timeoutMs?: number
}

/** The value a chat model node builds: an AI SDK language model plus the node's settings. */
export interface ChatModel {
  kind: 'chatModel'
  /** For messages and errors, e.g. "OpenAI gpt-4o-mini". */
  label: string
  model: LanguageModel
  settings: ChatSettings
  /** False when the node's Streaming switch is off: the answer arrives as one token. */
  streaming: boolean
  /** Provider-specific options sent with every call, e.g. `{ anthropic: { thinking: … } }`. */
  providerOptions?: SharedV3ProviderOptions
  /** Told of every finished call; the engine sets it on a run's own copy of the model to trace the run. */
  onCall?: (report: ChatCallReport) => void
  /**
   * Set when the node's Allow Image Uploads is on: the images sent with the question go to the model
   * with the user's message, looked at with `detail` where the provider reads one (OpenAI's).
   */
  images?: { detail?: ImageDetail }
}

/** What a finished call of a chat model reports: the tokens it used, and why it failed if it did. */
export interface ChatCallReport {
  usage: TokenUsage
  error?: unknown
}

export const isChatModel = (value: unknown): value is ChatModel =>
  typeof value === 'object' && value !== null && (value as ChatModel).kind === 'chatModel'

/** The value a tool node builds; agents hand it to the model. `inputSchema` is a JSON schema object. */
export interface Tool {
  kind: 'tool'
  name: string
  description: string
  inputSchema: Record<string, unknown>
  execute: (input: Record<string, unknown>, signal: AbortSignal) => Promise<string>
}

export const isTool = (value: unknown): value is Tool =>
  typeof value === 'object' && value !== null && (value as Tool).kind === 'tool'

export interface ChatRequest {
  system?: string
  messages: ModelMessage[]
  tools?: Tool[]
  /** Most model round trips when tools are given (each tool result goes back to the model). */
  maxSteps?: number
  signal: AbortSignal
  /** Called with each piece of text as the model writes it (or once with the whole text). */
  onToken?: (text: string) => void
  /** False when nobody reads the answer before it is complete (a JSON answer): no streaming then. */
  stream?: boolean
  /** Called when a tool has answered. */
  onToolUsed?: (used: UsedTool) => void
}

export interface ChatResult {
  text: string
  usedTools: UsedTool[]
  usage: TokenUsage
}

/** Thrown when the model or its server fails; the message says which model and why. */
export class ModelCallError extends Error {
  /** The model's server failed (502) or did not answer in time (504), unless what it wraps says otherwise (a refused address). */
  readonly failureKind: FailureKind

  constructor(label: string, cause: unknown, kind: 'service' | 'timeout' = 'service') {
    super(`${label}: ${describeCause(cause)}`, { cause })
    this.name = 'ModelCallError'
    this.failureKind = failureKindOf(cause) ?? kind
  }
}

function describeCause(cause: unknown): string {
  if (APICallError.isInstance(cause) && cause.statusCode !== undefined) {
    return `the server answered HTTP ${cause.statusCode}: ${cause.message}`
  }
  if (cause instanceof Error) return cause.message
  return typeof cause === 'string' ? cause : JSON.stringify(cause)
}

function toToolSet(tools: Tool[], signal: AbortSignal, onToolUsed?: (used: UsedTool) => void): ToolSet {
  const set: ToolSet = {}
  for (const tool of tools) {
    set[tool.name] = aiTool({
      description: tool.description,
      inputSchema: jsonSchema<Record<string, unknown>>(tool.inputSchema as Parameters<typeof jsonSchema>[0]),
      execute: async (input: Record<string, unknown>) => {
        const toolOutput = await tool.execute(input, signal)
        onToolUsed?.({ tool: tool.name, toolInput: input, toolOutput })
        return toolOutput
      },
    })
  }
  return set
}

type CallOptions = Parameters<typeof generateText>[0]

/**
 * Sends one conversation to a chat model, running the tools it calls, and resolves with the whole
 * answer. Its text streams through `onToken` when the model's Streaming switch is on and the caller
 * reads tokens; otherwise the model is asked without streaming, which costs less for an answer that
 * is sent whole. Aborting `signal` (or the model's timeout) stops the model call.
 */
export async function chat(chatModel: ChatModel, request: ChatRequest): Promise<ChatResult> {
  const { settings } = chatModel
  const timeout = settings.timeoutMs ? AbortSignal.timeout(settings.timeoutMs) : undefined
  const signal = timeout ? AbortSignal.any([request.signal, timeout]) : request.signal
  const usedTools: UsedTool[] = []
  const onToolUsed = (used: UsedTool) => {
    usedTools.push(used)
    request.onToolUsed?.(used)
  }
  const options: CallOptions = {
    model: chatModel.model,
    system: request.system,
    messages: request.messages,
    tools: request.tools?.length ? toToolSet(request.tools, signal, onToolUsed) : undefined,
    stopWhen: stepCountIs(request.maxSteps ?? 1),
    abortSignal: signal,
    temperature: settings.temperature,
    maxOutputTokens: settings.maxOutputTokens,
    topP: settings.topP,
    topK: settings.topK,
    frequencyPenalty: settings.frequencyPenalty,
    presencePenalty: settings.presencePenalty,
    providerOptions: chatModel.providerOptions,
    maxRetries: 0,
    experimental_download: passUrlsThrough,
  }
  const streamed = chatModel.streaming && request.onToken !== undefined && request.stream !== false
  let outcome: { text: string; usage: TokenUsage; failure?: unknown }
  try {
    outcome = streamed ? await streamAnswer(options, request.onToken) : await generateAnswer(options)
  } catch (error) {
    outcome = { text: '', usage: NO_USAGE, failure: error }
  }
  const failure = failureOf(chatModel, request.signal, timeout, outcome.failure)
  chatModel.onCall?.(failure === undefined ? { usage: outcome.usage } : { usage: outcome.usage, error: failure })
  if (failure !== undefined) throw failure
  if (!streamed && outcome.text) request.onToken?.(outcome.text)
  return { text: outcome.text, usedTools, usage: outcome.usage }
}

/**
 * An image given by URL is never fetched here: the AI SDK would fetch it past the run's outbound
 * guard for providers it thinks take no URLs (OpenAI-compatible servers). Its address goes to the
 * provider, which reads it itself or says it cannot.
 */
const passUrlsThrough: NonNullable<CallOptions['experimental_download']> = async (requests) => requests.map(() => null)

/**
 * Why a call failed, or undefined. The caller's cancellation stays an abort (the engine reports it
 * as such); the node's own timeout is a failure of this model and says so.
 */
function failureOf(
  chatModel: ChatModel,
  signal: AbortSignal,
  timeout: AbortSignal | undefined,
  failure: unknown,
): unknown {
  if (signal.aborted) return signal.reason
  if (timeout?.aborted) {
    return new ModelCallError(
      chatModel.label,
      `no answer within ${chatModel.settings.timeoutMs} ms (the node's Timeout)`,
      'timeout',
    )
  }
  return failure === undefined ? undefined : new ModelCallError(chatModel.label, failure)
}

const NO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 }

const toUsage = (usage: LanguageModelUsage): TokenUsage => ({
  inputTokens: usage.inputTokens ?? 0,
  outputTokens: usage.outputTokens ?? 0,
  totalTokens: usage.totalTokens ?? 0,
})

async function generateAnswer(options: CallOptions) {
  const plain = plainCall(options)
  if (plain) return generatePlain(plain.model, plain.prompt, options)
  const result = await generateText(options)
  return { text: result.text, usage: toUsage(result.totalUsage) }
}

/**
 * A call of text messages without tools, as its model's own prompt; undefined for any other call.
 * Such a call is sent to the model directly: generateText's checks of the prompt and its step
 * machinery cost more CPU than the model call itself (1.14 against 0.50 ms per call on loopback,
 * bench/README.md) and add nothing to a single text answer.
 */
function plainCall(options: CallOptions): { model: LanguageModelV3; prompt: LanguageModelV3Prompt } | undefined {
  const { model, system, messages, tools } = options
  if (typeof model !== 'object' || model.specificationVersion !== 'v3' || tools !== undefined) return undefined
  if (!messages?.length || (system !== undefined && typeof system !== 'string')) return undefined
  const prompt: LanguageModelV3Prompt = system === undefined ? [] : [{ role: 'system', content: system }]
  for (const message of messages) {
    if (typeof message.content !== 'string' || message.providerOptions !== undefined) return undefined
    if (message.role === 'system') prompt.push({ role: 'system', content: message.content })
    else if (message.role === 'user' || message.role === 'assistant')
      prompt.push({ role: message.role, content: [{ type: 'text', text: message.content }] })
    else return undefined
  }
  return { model, prompt }
}

/** What generateText would answer for a plain call: the text parts joined, the tokens as it counts them. */
async function generatePlain(model: LanguageModelV3, prompt: LanguageModelV3Prompt, options: CallOptions) {
  const result = await model.doGenerate({
    prompt,
    maxOutputTokens: options.maxOutputTokens,
    temperature: options.temperature,
    topP: options.topP,
    topK: options.topK,
    frequencyPenalty: options.frequencyPenalty,
    presencePenalty: options.presencePenalty,
    providerOptions: options.providerOptions,
    abortSignal: options.abortSignal,
  })
  let text = ''
  for (const part of result.content) if (part.type === 'text') text += part.text
  const input = result.usage.inputTokens.total
  const output = result.usage.outputTokens.total
  const total = input === undefined && output === undefined ? 0 : (input ?? 0) + (output ?? 0)
  return { text, usage: { inputTokens: input ?? 0, outputTokens: output ?? 0, totalTokens: total } }
}

async function streamAnswer(options: CallOptions, onToken: ((text: string) => void) | undefined) {
  let failure: unknown
  let text = ''
  let usage = NO_USAGE
  const result = streamText({
    ...options,
    onError: ({ error }) => {
      failure = error
    },
  })
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        text += part.text
        onToken?.(part.text)
      } else if (part.type === 'error') {
        failure = part.error
      } else if (part.type === 'finish') {
        usage = toUsage(part.totalUsage)
      }
    }
  } catch (error) {
    failure = error
  }
  return { text, usage, failure }
}
