import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { writeAnthropicMessage } from './mock-anthropic-replies.js'
import { pauseUntilClosed, readBody, sendJson, type Pause } from './mock-http.js'
import { writeChatCompletion } from './mock-openai-replies.js'

/**
 * A scripted stand-in for an OpenAI-compatible model server: real HTTP on 127.0.0.1, Node built-ins
 * only, so server tests, engine tests and the benchmark can import it by relative path.
 *
 * Endpoints: `POST /v1/chat/completions` (JSON, or SSE chunks ending in `data: [DONE]` when
 * `stream: true`; usage in a last chunk when `stream_options.include_usage`), `POST /v1/embeddings`,
 * `GET /v1/models`, `POST /v1/moderations` (never flags) and a minimal Anthropic `POST /v1/messages`
 * (text only, JSON or SSE).
 *
 * Replies are taken in order from the queue that `script(...)` fills. Each reply is one of:
 * - `{ text: 'Hello there' }`: an answer; streamed as one chunk per word (with its trailing space),
 *   or as the given `chunks`;
 * - `{ toolCalls: [{ name: 'calculator', arguments: { expression: '2+2' } }] }`: the model asks
 *   for tools (`arguments` an object or a JSON string; `id` optional), finish reason `tool_calls`;
 * - `{ status: 500, body: { error: { message: 'boom' } } }`: an HTTP error with that JSON body;
 * - `{ embeddings: [[0.1, 0.2]] }`: vectors for the next `/v1/embeddings` call.
 * Every reply may add `delayMs` (wait before the response starts) and `chunkDelayMs` (wait between
 * streamed chunks), for cancellation and timeout tests; a closed connection stops the waiting.
 * `endpoint: 'embeddings'` on a `status` reply aims it at the embeddings endpoint (default: chat).
 *
 * With nothing queued, chat answers `defaultText` and embeddings answer small deterministic vectors
 * (8 numbers, or `dimensions` of the request), so the benchmark can call it forever.
 * Every request is recorded in `requests` (method, path, lower-case headers, parsed body) with
 * `outcome`, which settles once the response ended or the client closed the connection.
 */
export interface MockUsage {
  promptTokens: number
  completionTokens: number
}

interface ReplyTiming {
  delayMs?: number
  chunkDelayMs?: number
}

export interface MockTextReply extends ReplyTiming {
  text: string
  chunks?: string[]
  usage?: MockUsage
}

export interface MockToolCall {
  id?: string
  name: string
  arguments: Record<string, unknown> | string
}

export interface MockToolCallReply extends ReplyTiming {
  toolCalls: MockToolCall[]
  usage?: MockUsage
}

export interface MockErrorReply extends ReplyTiming {
  status: number
  body?: unknown
  endpoint?: 'chat' | 'embeddings'
}

export interface MockEmbeddingReply extends ReplyTiming {
  embeddings: number[][]
}

export type MockReply = MockTextReply | MockToolCallReply | MockErrorReply | MockEmbeddingReply

export interface MockRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Record<string, unknown> | undefined
  /** Settles when the answer was fully written, or the client went away first. */
  outcome: Promise<'completed' | 'closed by client'>
}

export interface MockOpenAIServer {
  /** `http://127.0.0.1:<port>` */
  url: string
  /** `url + '/v1'`: what OpenAI clients take as base URL. */
  baseURL: string
  script: (...replies: MockReply[]) => void
  /** Drops the replies still queued (a test that failed midway leaves its replies behind). */
  clearScript: () => void
  requests: MockRequest[]
  close: () => Promise<void>
}

export interface MockOpenAIOptions {
  /** What chat answers when nothing is queued. */
  defaultText?: string
}

const endpointOf = (reply: MockReply): 'chat' | 'embeddings' =>
  'embeddings' in reply || ('status' in reply && reply.endpoint === 'embeddings') ? 'embeddings' : 'chat'

export async function startMockOpenAI(options: MockOpenAIOptions = {}): Promise<MockOpenAIServer> {
  const queue: MockReply[] = []
  const requests: MockRequest[] = []
  const takeReply = (endpoint: 'chat' | 'embeddings'): MockReply | undefined => {
    const index = queue.findIndex((reply) => endpointOf(reply) === endpoint)
    return index === -1 ? undefined : queue.splice(index, 1)[0]
  }

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { message: String(error) } }))
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req)
    let resolveOutcome: (outcome: 'completed' | 'closed by client') => void = () => {}
    const record: MockRequest = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0] ?? '/',
      headers: req.headers,
      body: raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined,
      outcome: new Promise((resolve) => (resolveOutcome = resolve)),
    }
    requests.push(record)
    res.on('close', () => resolveOutcome(res.writableFinished ? 'completed' : 'closed by client'))
    const pause = pauseUntilClosed(res)
    const body = record.body ?? {}

    if (record.method === 'GET' && record.path === '/v1/models') {
      return sendJson(res, 200, { object: 'list', data: [{ id: 'mock-model', object: 'model', owned_by: 'weft' }] })
    }
    if (record.method !== 'POST') return sendJson(res, 404, { error: { message: `No route ${record.path}` } })
    if (record.path === '/v1/embeddings') return answerEmbeddings(res, body, takeReply('embeddings'), pause)
    // Moderation finds nothing to flag: flows with an OpenAI Moderation node go on to the model.
    if (record.path === '/v1/moderations') {
      return sendJson(res, 200, {
        id: 'modr-mock',
        model: 'omni-moderation-latest',
        results: [{ flagged: false, categories: {}, category_scores: {} }],
      })
    }
    if (record.path !== '/v1/chat/completions' && record.path !== '/v1/messages') {
      return sendJson(res, 404, { error: { message: `No route ${record.path}` } })
    }
    const reply = takeReply('chat') ?? { text: options.defaultText ?? 'Hello from the mock model.' }
    if (!(await pause(reply.delayMs))) return
    if ('status' in reply) return sendJson(res, reply.status, reply.body ?? { error: { message: 'Mock error' } })
    if ('embeddings' in reply) return
    if (record.path === '/v1/messages') return writeAnthropicMessage(res, body, reply, pause)
    return writeChatCompletion(res, body, reply, pause)
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    baseURL: `${url}/v1`,
    script: (...replies) => void queue.push(...replies),
    clearScript: () => void queue.splice(0),
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

async function answerEmbeddings(
  res: ServerResponse,
  body: Record<string, unknown>,
  reply: MockReply | undefined,
  pause: Pause,
): Promise<void> {
  if (!(await pause(reply?.delayMs))) return
  if (reply && 'status' in reply) return sendJson(res, reply.status, reply.body ?? { error: { message: 'Mock error' } })
  const inputs = Array.isArray(body.input) ? (body.input as unknown[]).map(String) : [String(body.input ?? '')]
  const dimensions = typeof body.dimensions === 'number' ? body.dimensions : 8
  const vectors = reply && 'embeddings' in reply ? reply.embeddings : inputs.map((text) => mockVector(text, dimensions))
  sendJson(res, 200, {
    object: 'list',
    data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
    model: body.model,
    usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
  })
}

/** A vector that depends only on the text, so equal texts get equal vectors. */
function mockVector(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0)
  for (let i = 0; i < text.length; i++) vector[i % dimensions]! += text.charCodeAt(i) / 1000
  return vector
}
