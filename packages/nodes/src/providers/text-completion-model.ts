import {
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  type LanguageModelV3Usage,
} from '@ai-sdk/provider'

// LLM nodes whose service completes a prompt text rather than a conversation (Replicate, Hugging
// Face text generation). They are given the same model interface the chains call, so an LLM Chain
// takes them as it takes a chat model: the conversation is written out as one prompt text, sent,
// and the completion comes back whole (as one token when streaming). They cannot call tools.

export interface CompletionRequest {
  prompt: string
  temperature?: number
  maxOutputTokens?: number
  topP?: number
  topK?: number
  frequencyPenalty?: number
  stopSequences?: string[]
  signal?: AbortSignal
}

export type Complete = (request: CompletionRequest) => Promise<string>

/** An AI SDK language model that answers by calling `complete` with the prompt text. */
export function textCompletionModel(provider: string, modelId: string, complete: Complete): LanguageModelV3 {
  const generate = async (options: LanguageModelV3CallOptions) => {
    if (options.tools?.length) {
      throw new Error(`${provider} ${modelId} completes text and cannot call tools: connect a chat model instead`)
    }
    const prompt = promptText(options.prompt)
    const text = await complete({
      prompt,
      temperature: options.temperature,
      maxOutputTokens: options.maxOutputTokens,
      topP: options.topP,
      topK: options.topK,
      frequencyPenalty: options.frequencyPenalty,
      stopSequences: options.stopSequences,
      signal: options.abortSignal,
    })
    return { text, usage: wordUsage(prompt, text) }
  }
  return {
    specificationVersion: 'v3',
    provider,
    modelId,
    supportedUrls: {},
    doGenerate: async (options) => {
      const { text, usage } = await generate(options)
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      }
    },
    doStream: async (options) => {
      const { text, usage } = await generate(options)
      const parts: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: '0' },
        { type: 'text-delta', id: '0', delta: text },
        { type: 'text-end', id: '0' },
        { type: 'finish', usage, finishReason: { unified: 'stop', raw: undefined } },
      ]
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part)
            controller.close()
          },
        }),
      }
    },
  }
}

/**
 * The conversation as one prompt text: the system prompt, then the turns. A single question is sent
 * as it is; a longer conversation as "Human:" / "AI:" lines ending with "AI:", for the model to go on.
 */
export function promptText(prompt: LanguageModelV3Prompt): string {
  const system = prompt.flatMap((message) => (message.role === 'system' ? [message.content] : []))
  const turns = prompt.flatMap((message) => {
    if (message.role !== 'user' && message.role !== 'assistant') return []
    const text = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n')
    return [{ role: message.role, text }]
  })
  const conversation =
    turns.length === 1 && turns[0]!.role === 'user'
      ? turns[0]!.text
      : [...turns.map((turn) => `${turn.role === 'user' ? 'Human' : 'AI'}: ${turn.text}`), 'AI:'].join('\n')
  return [...system, conversation].filter(Boolean).join('\n\n')
}

/** These APIs report no token counts, so usage is counted in words, as the built-in responder does. */
function wordUsage(prompt: string, text: string): LanguageModelV3Usage {
  const words = (value: string) => value.split(/\s+/).filter(Boolean).length
  return {
    inputTokens: { total: words(prompt), noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: words(text), text: words(text), reasoning: undefined },
  }
}
