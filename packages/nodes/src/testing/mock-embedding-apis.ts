import { startLoopbackApi, type LoopbackApi } from './loopback-api.js'
import { sendJson } from './mock-http.js'

/**
 * A stand-in on 127.0.0.1 for the embedding APIs spoken over plain HTTP: `POST /v1/embeddings` the
 * Jina and Voyage way (`{ model, input }` → `{ data: [{ embedding, index }] }`, listed in reverse to
 * check the order is restored) and `POST /hf/<model>` the Hugging Face feature-extraction way
 * (`{ inputs }` → `number[][]`). A vector is [text length, word count, 1]. An input text "fail"
 * answers HTTP 401 with an error that repeats the bearer token, as careless services do.
 */
export function startMockEmbeddingApis(): Promise<LoopbackApi> {
  return startLoopbackApi((request, res) => {
    const body = JSON.parse(request.body || '{}') as { input?: string[]; inputs?: string[] }
    const texts = body.input ?? body.inputs ?? []
    if (texts.includes('fail')) {
      return sendJson(res, 401, { error: { message: `Invalid token ${String(request.headers.authorization)}` } })
    }
    const vectors = texts.map((text) => [text.length, text.split(/\s+/).filter(Boolean).length, 1])
    if (request.url === '/v1/embeddings') {
      const data = vectors.map((embedding, index) => ({ object: 'embedding', embedding, index })).reverse()
      return sendJson(res, 200, { object: 'list', data, usage: { total_tokens: 3 } })
    }
    if (request.url.startsWith('/hf/')) return sendJson(res, 200, vectors)
    return sendJson(res, 404, { error: { message: `No route ${request.url}` } })
  })
}
