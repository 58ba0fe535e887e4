import type { OutboundFetch } from '../net/outbound-guard.js'

// Milvus's REST API v2 (`POST <server>/v2/vectordb/<group>/<action>`), every request through the
// outbound guard's fetch. Milvus answers `{ code, message, data }`: code 0 is success (Milvus 2.3
// answered 200), anything else a failure, mostly with HTTP 200; a refused credential answers HTTP
// 401 or 403 with code 1800 or 1803.

export interface MilvusRestOptions {
  /** The server, e.g. http://localhost:19530 (a path prefix is kept). */
  url: string
  fetch: OutboundFetch
  /** `user:password`, or a Zilliz Cloud API key. */
  token?: string
  /** Milliseconds a request may take. */
  timeout?: number
}

/** Sends `body` to one route (e.g. `entities/search`) and answers the `data` of a success. */
export type MilvusCall = <T>(route: string, body: Record<string, unknown>) => Promise<T>

const DATABASE = 'default'
const DEFAULT_TIMEOUT = 60_000
const SUCCESS = new Set([0, 200])
const AUTH_CODES = new Set([1800, 1803])

interface MilvusAnswer {
  code?: unknown
  message?: unknown
  data?: unknown
}

const parse = (text: string): MilvusAnswer | undefined => {
  try {
    const value = JSON.parse(text) as unknown
    return typeof value === 'object' && value !== null ? (value as MilvusAnswer) : undefined
  } catch {
    return undefined
  }
}

/** A caller of one Milvus server's REST API v2. */
export function milvusRest(options: MilvusRestOptions): MilvusCall {
  const root = options.url.replace(/\/+$/, '')
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    // Int64 values as texts, so ids above 2^53 keep every digit.
    'accept-type-allow-int64': 'false',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
  }
  return async <T>(route: string, body: Record<string, unknown>) => {
    const response = await options.fetch(`${root}/v2/vectordb/${route}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ dbName: DATABASE, ...body }),
      signal: AbortSignal.timeout(options.timeout ?? DEFAULT_TIMEOUT),
    })
    const text = await response.text()
    const answer = parse(text)
    if (typeof answer?.code !== 'number') {
      throw new Error(
        `Milvus answered HTTP ${response.status} to ${route}: ${text.slice(0, 200) || response.statusText}`,
      )
    }
    if (!SUCCESS.has(answer.code)) {
      const refused = AUTH_CODES.has(answer.code) || response.status === 401 || response.status === 403
      const message = typeof answer.message === 'string' && answer.message ? answer.message : 'no message'
      throw new Error(
        `Milvus answered code ${answer.code}: ${message}.${refused ? ' Check the Milvus Auth credential.' : ''}`,
      )
    }
    return answer.data as T
  }
}
