import type { ServerResponse } from 'node:http'
import { sendJson, startEventStream, wordsOf, type Pause } from './mock-http.js'
import { promptWords } from './mock-openai-replies.js'
import type { MockTextReply, MockToolCallReply } from './mock-openai-server.js'

// Writes one scripted answer in the shape of Anthropic's messages API (text and tool use).

function contentOf(reply: MockTextReply | MockToolCallReply) {
  if ('text' in reply) return [{ type: 'text' as const, text: reply.text }]
  return reply.toolCalls.map((call, index) => ({
    type: 'tool_use' as const,
    id: call.id ?? `toolu_${index + 1}`,
    name: call.name,
    input: typeof call.arguments === 'string' ? (JSON.parse(call.arguments) as unknown) : call.arguments,
  }))
}

export async function writeAnthropicMessage(
  res: ServerResponse,
  body: Record<string, unknown>,
  reply: MockTextReply | MockToolCallReply,
  pause: Pause,
): Promise<void> {
  const model = typeof body.model === 'string' ? body.model : 'mock-model'
  const stopReason = 'text' in reply ? 'end_turn' : 'tool_use'
  const inputTokens = reply.usage?.promptTokens ?? promptWords(body.messages)
  const outputTokens = reply.usage?.completionTokens ?? ('text' in reply ? wordsOf(reply.text).length : 1)
  const content = contentOf(reply)
  const message = { id: 'msg_mock', type: 'message', role: 'assistant', model, stop_sequence: null }

  if (body.stream !== true) {
    return sendJson(res, 200, {
      ...message,
      content,
      stop_reason: stopReason,
      usage: { input_tokens: inputTokens, output_tokens: outputTokens },
    })
  }

  startEventStream(res)
  const send = (data: { type: string } & Record<string, unknown>) =>
    res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`)
  send({
    type: 'message_start',
    message: { ...message, content: [], stop_reason: null, usage: { input_tokens: inputTokens, output_tokens: 0 } },
  })
  for (const [index, block] of content.entries()) {
    if (block.type === 'text') {
      send({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } })
      const pieces = 'chunks' in reply && reply.chunks ? reply.chunks : wordsOf(block.text)
      for (const [n, text] of pieces.entries()) {
        if (n > 0 && !(await pause(reply.chunkDelayMs))) return
        send({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } })
      }
    } else {
      send({ type: 'content_block_start', index, content_block: { ...block, input: {} } })
      const partial = JSON.stringify(block.input)
      send({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: partial } })
    }
    send({ type: 'content_block_stop', index })
  }
  if (!(await pause(reply.chunkDelayMs))) return
  send({
    type: 'message_delta',
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: outputTokens },
  })
  send({ type: 'message_stop' })
  res.end()
}
