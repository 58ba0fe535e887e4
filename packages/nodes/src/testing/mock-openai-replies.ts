import type { ServerResponse } from 'node:http'
import { sendJson, startEventStream, wordsOf, type Pause } from './mock-http.js'
import type { MockTextReply, MockToolCallReply, MockUsage } from './mock-openai-server.js'

// Writes one scripted answer in the shape of OpenAI's chat completions API.

const CREATED = 1_700_000_000

/** Counts the words of the messages' text, a stand-in for tokens. */
export function promptWords(messages: unknown): number {
  if (!Array.isArray(messages)) return 0
  const texts = messages.flatMap((message: { content?: unknown }) =>
    typeof message.content === 'string'
      ? [message.content]
      : Array.isArray(message.content)
        ? message.content.map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : ''))
        : [],
  )
  return wordsOf(texts.join(' ')).length
}

function usageOf(reply: MockTextReply | MockToolCallReply, body: Record<string, unknown>) {
  const given: MockUsage = reply.usage ?? {
    promptTokens: promptWords(body.messages),
    completionTokens: 'text' in reply ? wordsOf(reply.text).length : reply.toolCalls.length,
  }
  return {
    prompt_tokens: given.promptTokens,
    completion_tokens: given.completionTokens,
    total_tokens: given.promptTokens + given.completionTokens,
  }
}

const toolCallsOf = (reply: MockToolCallReply) =>
  reply.toolCalls.map((call, index) => ({
    id: call.id ?? `call_${index + 1}`,
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    },
  }))

export async function writeChatCompletion(
  res: ServerResponse,
  body: Record<string, unknown>,
  reply: MockTextReply | MockToolCallReply,
  pause: Pause,
): Promise<void> {
  const model = typeof body.model === 'string' ? body.model : 'mock-model'
  const base = { id: 'chatcmpl-mock', created: CREATED, model }
  const finishReason = 'text' in reply ? 'stop' : 'tool_calls'
  const usage = usageOf(reply, body)

  if (body.stream !== true) {
    const message =
      'text' in reply
        ? { role: 'assistant', content: reply.text }
        : { role: 'assistant', content: null, tool_calls: toolCallsOf(reply) }
    return sendJson(res, 200, {
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message, finish_reason: finishReason }],
      usage,
    })
  }

  startEventStream(res)
  const send = (chunk: unknown) => res.write(`data: ${JSON.stringify(chunk)}\n\n`)
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    ...base,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })

  const deltas =
    'text' in reply
      ? (reply.chunks ?? wordsOf(reply.text)).map((content, index) =>
          index === 0 ? { role: 'assistant', content } : { content },
        )
      : toolCallsOf(reply).map((call, index) => ({
          ...(index === 0 ? { role: 'assistant' } : {}),
          tool_calls: [{ index, ...call }],
        }))
  for (const [index, delta] of deltas.entries()) {
    if (index > 0 && !(await pause(reply.chunkDelayMs))) return
    send(chunk(delta))
  }
  if (!(await pause(reply.chunkDelayMs))) return
  send(chunk({}, finishReason))
  const streamOptions = body.stream_options as { include_usage?: boolean } | undefined
  if (streamOptions?.include_usage) send({ ...base, object: 'chat.completion.chunk', choices: [], usage })
  res.end('data: [DONE]\n\n')
}
