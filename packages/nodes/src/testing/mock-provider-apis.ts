import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pauseUntilClosed, readBody, sendJson, startEventStream, wordsOf, type Pause } from './mock-http.js'
import { writeChatCompletion } from './mock-openai-replies.js'
import type { MockErrorReply, MockReply, MockTextReply, MockToolCallReply } from './mock-openai-server.js'

/**
 * A scripted stand-in for the model APIs whose wire format is not OpenAI's: real HTTP on 127.0.0.1,
 * Node built-ins only. Replies are scripted like `mock-openai-server.ts` (text, tool calls, an HTTP
 * error, embeddings), taken in order; with nothing queued, chat answers "Hello from the stand-in."
 * and embeddings answer 4 numbers per text, derived from the text.
 *
 * Endpoints, under the paths the providers use:
 * - Gemini: `POST /v1beta/models/<model>:generateContent`, `:streamGenerateContent?alt=sse`,
 *   `:embedContent`, `:batchEmbedContents`;
 * - Cohere v2: `POST /v2/chat` (JSON, or SSE events when `stream: true`), `POST /v2/embed`;
 * - Azure OpenAI: `POST /openai/deployments/<deployment>/chat/completions` and `/embeddings`.
 * Every request is recorded with its path, query, lower-case headers and parsed body.
 */
export interface StandInRequest {
  path: string
  query: URLSearchParams
  headers: Record<string, string | string[] | undefined>
  body: Record<string, unknown>
}

export interface ProviderStandIn {
  /** `http://127.0.0.1:<port>` */
  url: string
  script: (...replies: MockReply[]) => void
  requests: StandInRequest[]
  close: () => Promise<void>
}

type ChatReply = MockTextReply | MockToolCallReply | MockErrorReply

const isEmbedding = (reply: MockReply) =>
  'embeddings' in reply || ('status' in reply && reply.endpoint === 'embeddings')

export async function startProviderStandIn(): Promise<ProviderStandIn> {
  const queue: MockReply[] = []
  const requests: StandInRequest[] = []
  const take = (embedding: boolean) => {
    const index = queue.findIndex((reply) => isEmbedding(reply) === embedding)
    return index === -1 ? undefined : queue.splice(index, 1)[0]
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const raw = await readBody(req)
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>
    requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers, body })
    const pause = pauseUntilClosed(res)
    const path = url.pathname
    const embedding = /:(embedContent|batchEmbedContents)$|^\/v2\/embed$|\/embeddings$/.test(path)
    const reply = take(embedding)
    if (!(await pause(reply?.delayMs))) return
    if (reply && 'status' in reply)
      return sendJson(res, reply.status, reply.body ?? { error: { message: 'Mock error' } })

    if (embedding) {
      const texts = embeddedTexts(path, body)
      const vectors = reply && 'embeddings' in reply ? reply.embeddings : texts.map(standInVector)
      return answerEmbeddings(res, path, vectors)
    }
    const chat = (reply ?? { text: 'Hello from the stand-in.' }) as ChatReply
    if ('status' in chat) return
    if (path.startsWith('/v1beta/models/'))
      return writeGemini(res, path.endsWith(':streamGenerateContent'), chat, pause)
    if (path === '/v2/chat') return writeCohere(res, body.stream === true, chat, pause)
    if (/^\/openai\/deployments\/[^/]+\/chat\/completions$/.test(path))
      return writeChatCompletion(res, body, chat, pause)
    sendJson(res, 404, { error: { message: `No route ${path}` } })
  }

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { message: String(error) } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    script: (...replies) => void queue.push(...replies),
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

type Parts = { parts?: { text?: string }[] }

function embeddedTexts(path: string, body: Record<string, unknown>): string[] {
  const textOf = (content: Parts | undefined) => (content?.parts ?? []).map((part) => part.text ?? '').join('')
  if (path.endsWith(':embedContent')) return [textOf(body.content as Parts)]
  if (path.endsWith(':batchEmbedContents')) {
    return ((body.requests ?? []) as { content?: Parts }[]).map((request) => textOf(request.content))
  }
  if (path === '/v2/embed') return ((body.texts ?? []) as unknown[]).map(String)
  return (Array.isArray(body.input) ? body.input : [body.input]).map(String)
}

function answerEmbeddings(res: ServerResponse, path: string, vectors: number[][]): void {
  if (path.endsWith(':embedContent')) return sendJson(res, 200, { embedding: { values: vectors[0] } })
  if (path.endsWith(':batchEmbedContents')) {
    return sendJson(res, 200, { embeddings: vectors.map((values) => ({ values })) })
  }
  if (path === '/v2/embed') {
    return sendJson(res, 200, {
      id: 'embed-1',
      embeddings: { float: vectors },
      texts: [],
      meta: { billed_units: { input_tokens: vectors.length } },
    })
  }
  sendJson(res, 200, {
    object: 'list',
    data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
    model: 'stand-in',
    usage: { prompt_tokens: vectors.length, total_tokens: vectors.length },
  })
}

/** Four numbers that depend only on the text. */
function standInVector(text: string): number[] {
  const vector = [0, 0, 0, 0]
  for (let i = 0; i < text.length; i++) vector[i % 4]! += text.charCodeAt(i) / 1000
  return vector
}

const argumentsOf = (args: Record<string, unknown> | string) => (typeof args === 'string' ? JSON.parse(args) : args)
const wordCount = (reply: MockTextReply | MockToolCallReply) => ('text' in reply ? wordsOf(reply.text).length : 1)

async function writeGemini(
  res: ServerResponse,
  stream: boolean,
  reply: MockTextReply | MockToolCallReply,
  pause: Pause,
): Promise<void> {
  const usageMetadata = {
    promptTokenCount: 5,
    candidatesTokenCount: wordCount(reply),
    totalTokenCount: 5 + wordCount(reply),
  }
  const candidate = (parts: unknown[], last: boolean) => ({
    content: { role: 'model', parts },
    ...(last ? { finishReason: 'STOP' } : {}),
    index: 0,
  })
  const toolParts =
    'toolCalls' in reply
      ? reply.toolCalls.map((call) => ({ functionCall: { name: call.name, args: argumentsOf(call.arguments) } }))
      : []
  if (!stream) {
    const parts = 'text' in reply ? [{ text: reply.text }] : toolParts
    return sendJson(res, 200, { candidates: [candidate(parts, true)], usageMetadata })
  }
  startEventStream(res)
  const chunks = 'text' in reply ? (reply.chunks ?? wordsOf(reply.text)).map((text) => [{ text }]) : [toolParts]
  for (const [index, parts] of chunks.entries()) {
    if (index > 0 && !(await pause(reply.chunkDelayMs))) return
    const last = index === chunks.length - 1
    res.write(
      `data: ${JSON.stringify({ candidates: [candidate(parts, last)], ...(last ? { usageMetadata } : {}) })}\r\n\r\n`,
    )
  }
  res.end()
}

async function writeCohere(
  res: ServerResponse,
  stream: boolean,
  reply: MockTextReply | MockToolCallReply,
  pause: Pause,
): Promise<void> {
  const usage = {
    billed_units: { input_tokens: 5, output_tokens: wordCount(reply) },
    tokens: { input_tokens: 5, output_tokens: wordCount(reply) },
  }
  const calls =
    'toolCalls' in reply
      ? reply.toolCalls.map((call, index) => ({
          id: call.id ?? `call_${index}`,
          type: 'function' as const,
          function: { name: call.name, arguments: JSON.stringify(argumentsOf(call.arguments)) },
        }))
      : []
  const finishReason = 'text' in reply ? 'COMPLETE' : 'TOOL_CALL'
  if (!stream) {
    const message =
      'text' in reply
        ? { role: 'assistant', content: [{ type: 'text', text: reply.text }] }
        : { role: 'assistant', tool_plan: 'I will use a tool.', tool_calls: calls }
    return sendJson(res, 200, { id: 'chat-1', message, finish_reason: finishReason, usage })
  }
  startEventStream(res)
  const send = (event: Record<string, unknown>) =>
    res.write(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`)
  send({ type: 'message-start', id: 'chat-1', delta: { message: { role: 'assistant' } } })
  if ('text' in reply) {
    send({ type: 'content-start', index: 0, delta: { message: { content: { type: 'text', text: '' } } } })
    for (const [index, text] of (reply.chunks ?? wordsOf(reply.text)).entries()) {
      if (index > 0 && !(await pause(reply.chunkDelayMs))) return
      send({ type: 'content-delta', index: 0, delta: { message: { content: { text } } } })
    }
    send({ type: 'content-end', index: 0 })
  } else {
    for (const call of calls) {
      send({ type: 'tool-call-start', index: 0, delta: { message: { tool_calls: call } } })
      send({ type: 'tool-call-end', index: 0 })
    }
  }
  send({ type: 'message-end', delta: { finish_reason: finishReason, usage } })
  res.end()
}
