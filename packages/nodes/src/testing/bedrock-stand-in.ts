import type { ServerResponse } from 'node:http'
import { crc32 } from 'node:zlib'
import { startLoopbackApi, type ApiRequest, type LoopbackApi } from './loopback-api.js'
import { sendJson } from './mock-http.js'

/**
 * A stand-in on 127.0.0.1 for Amazon Bedrock Runtime as the AI SDK calls it: `POST
 * /model/<id>/converse` (JSON), `/converse-stream` (the binary AWS event stream, one
 * contentBlockDelta per word) and `/invoke` for Titan embeddings (`{ inputText }` → a vector of
 * [text length, word count, 1]). The answer is "Bedrock heard: " and the last user text. SigV4 is
 * not checked, only required: a request without an `AWS4-HMAC-SHA256` Authorization header is
 * refused with 403, as is a text holding "fail" (its error repeats the session token it was sent).
 */
export function startBedrockStandIn(): Promise<LoopbackApi> {
  return startLoopbackApi((request, res) => {
    const match = /^\/model\/([^/]+)\/(converse|converse-stream|invoke)$/.exec(request.url)
    if (!match) return sendJson(res, 404, { message: `No route ${request.url}` })
    if (!String(request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 Credential=')) {
      return sendJson(res, 403, { message: 'Missing Authentication Token' })
    }
    const body = JSON.parse(request.body || '{}') as ConverseBody & { inputText?: string }
    const text = body.inputText ?? lastUserText(body)
    if (text.includes('fail')) return refuse(request, res)
    if (match[2] === 'invoke') {
      return sendJson(res, 200, {
        embedding: [text.length, text.split(/\s+/).filter(Boolean).length, 1],
        inputTextTokenCount: 3,
      })
    }
    const answer = `Bedrock heard: ${text}`
    if (match[2] === 'converse') {
      return sendJson(res, 200, {
        output: { message: { role: 'assistant', content: [{ text: answer }] } },
        stopReason: 'end_turn',
        usage: { inputTokens: 7, outputTokens: 4, totalTokens: 11 },
        metrics: { latencyMs: 5 },
      })
    }
    res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' })
    res.write(eventMessage('messageStart', { role: 'assistant' }))
    for (const word of answer.match(/\S+\s*/g) ?? []) {
      res.write(eventMessage('contentBlockDelta', { contentBlockIndex: 0, delta: { text: word } }))
    }
    res.write(eventMessage('contentBlockStop', { contentBlockIndex: 0 }))
    res.write(eventMessage('messageStop', { stopReason: 'end_turn' }))
    res.end(
      eventMessage('metadata', {
        usage: { inputTokens: 7, outputTokens: 4, totalTokens: 11 },
        metrics: { latencyMs: 5 },
      }),
    )
  })
}

interface ConverseBody {
  messages?: Array<{ role: string; content: Array<{ text?: string }> }>
}

function lastUserText(body: ConverseBody): string {
  const user = (body.messages ?? []).filter((message) => message.role === 'user').at(-1)
  return (user?.content ?? []).map((part) => part.text ?? '').join('')
}

function refuse(request: ApiRequest, res: ServerResponse): void {
  const token = String(request.headers['x-amz-security-token'] ?? 'none')
  sendJson(res, 403, { message: `The security token ${token} included in the request is invalid.` })
}

/** One message of the AWS event stream: prelude, string headers, JSON payload, two CRC32s. */
function eventMessage(eventType: string, payload: unknown): Buffer {
  const headers = Buffer.concat(
    Object.entries({ ':event-type': eventType, ':content-type': 'application/json', ':message-type': 'event' }).map(
      ([name, value]) => {
        const nameBytes = Buffer.from(name)
        const valueBytes = Buffer.from(value)
        const head = Buffer.alloc(1 + nameBytes.length + 3)
        head.writeUInt8(nameBytes.length, 0)
        nameBytes.copy(head, 1)
        head.writeUInt8(7, 1 + nameBytes.length)
        head.writeUInt16BE(valueBytes.length, 2 + nameBytes.length)
        return Buffer.concat([head, valueBytes])
      },
    ),
  )
  const body = Buffer.from(JSON.stringify(payload))
  const prelude = Buffer.alloc(12)
  prelude.writeUInt32BE(12 + headers.length + body.length + 4, 0)
  prelude.writeUInt32BE(headers.length, 4)
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8)
  const message = Buffer.concat([prelude, headers, body])
  const trailer = Buffer.alloc(4)
  trailer.writeUInt32BE(crc32(message), 0)
  return Buffer.concat([message, trailer])
}
