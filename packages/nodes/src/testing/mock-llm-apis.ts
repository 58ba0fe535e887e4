import type { ServerResponse } from 'node:http'
import { startLoopbackApi, type ApiRequest, type LoopbackApi } from './loopback-api.js'
import { sendJson, startEventStream } from './mock-http.js'

/**
 * A stand-in on 127.0.0.1 for the text completion APIs of the LLM nodes. Each answers "Echo: " and
 * the prompt it got, so a test sees the prompt arrive and the completion come back:
 * - `POST …/completions` (OpenAI, Azure deployments, Ollama's /v1): `{ prompt, stream }` → a
 *   `text_completion`, or its SSE chunks ending in `data: [DONE]`;
 * - Replicate: `POST /v1/predictions` or `/v1/models/<owner>/<name>/predictions` starts a prediction
 *   that `GET /v1/predictions/<id>` then finds succeeded, its output a list of pieces;
 * - Hugging Face: `POST /hf/<model>` with `{ inputs, parameters }` → `[{ generated_text }]`.
 * A prompt holding "fail" answers HTTP 401 with an error that repeats the key it was sent.
 */
export function startMockLlmApis(): Promise<LoopbackApi> {
  const predictions = new Map<string, string>()
  return startLoopbackApi((request, res) => {
    const path = request.url.split('?')[0]!
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {}
    const predictionId = /^\/v1\/predictions\/([\w-]+)$/.exec(path)?.[1]
    if (request.method === 'GET' && predictionId) {
      const prompt = predictions.get(predictionId)
      if (prompt === undefined) return sendJson(res, 404, { detail: 'Not found' })
      return sendJson(res, 200, { id: predictionId, status: 'succeeded', output: ['Echo: ', prompt] })
    }
    const prompt = promptOf(body)
    if (prompt.includes('fail')) return refuse(request, res)
    if (path.endsWith('/completions')) return answerCompletion(res, body, `Echo: ${prompt}`)
    if (path === '/v1/predictions' || /^\/v1\/models\/[\w.-]+\/[\w.-]+\/predictions$/.test(path)) {
      const id = `p${predictions.size + 1}`
      predictions.set(id, prompt)
      return sendJson(res, 201, { id, status: 'starting', output: null })
    }
    if (path.startsWith('/hf/')) return sendJson(res, 200, [{ generated_text: `Echo: ${prompt}` }])
    return sendJson(res, 404, { error: { message: `No route ${path}` } })
  })
}

function promptOf(body: Record<string, unknown>): string {
  const input = body.input as { prompt?: unknown } | undefined
  const prompt = body.prompt ?? body.inputs ?? input?.prompt
  return typeof prompt === 'string' ? prompt : ''
}

function refuse(request: ApiRequest, res: ServerResponse): void {
  const key = request.headers.authorization ?? request.headers['api-key']
  sendJson(res, 401, { error: { message: `Invalid key: ${String(key)}` } })
}

function answerCompletion(res: ServerResponse, body: Record<string, unknown>, text: string): void {
  const base = { id: 'cmpl-1', object: 'text_completion', created: 1_700_000_000, model: String(body.model) }
  const usage = { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 }
  if (body.stream !== true) {
    return sendJson(res, 200, { ...base, choices: [{ text, index: 0, logprobs: null, finish_reason: 'stop' }], usage })
  }
  startEventStream(res)
  const pieces = text.match(/\S+\s*/g) ?? [text]
  for (const piece of pieces) {
    res.write(
      `data: ${JSON.stringify({ ...base, choices: [{ text: piece, index: 0, logprobs: null, finish_reason: null }] })}\n\n`,
    )
  }
  res.write(
    `data: ${JSON.stringify({ ...base, choices: [{ text: '', index: 0, logprobs: null, finish_reason: 'stop' }], usage })}\n\n`,
  )
  res.end('data: [DONE]\n\n')
}
