// What a followed redirect sends next, by the fetch standard's rules for 301/302/303/307/308,
// and stricter on one point: a hop to another origin carries none of the caller's credentials.

export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])

/** One request of a redirect chain: the parts a hop may change. */
export interface HopRequest {
  method: string
  headers: Array<[string, string]>
  body?: RequestInit['body']
}

const BODY_HEADERS = new Set([
  'content-encoding',
  'content-language',
  'content-location',
  'content-type',
  'content-length',
])

/**
 * Headers that can go to another origin. Browsers drop only Authorization there; model providers
 * also carry keys in `x-api-key`, `api-key` and headers a user typed, so every other header stays behind.
 */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'accept-encoding', 'accept-language', 'content-type', 'user-agent'])

/** The request to send to `to` after `status` answered `request` sent to `from`. */
export function redirectRequest(request: HopRequest, status: number, from: URL, to: URL): HopRequest {
  const toGet =
    ((status === 301 || status === 302) && request.method === 'POST') ||
    (status === 303 && request.method !== 'GET' && request.method !== 'HEAD')
  let headers = request.headers
  if (toGet) headers = headers.filter(([name]) => !BODY_HEADERS.has(name.toLowerCase()))
  if (from.origin !== to.origin) headers = headers.filter(([name]) => CROSS_ORIGIN_HEADERS.has(name.toLowerCase()))
  return toGet ? { method: 'GET', headers } : { ...request, headers }
}

/** A body that can be sent again; a stream is read once, so a 307/308 after it cannot be followed. */
export const isReplayable = (body: RequestInit['body']): boolean =>
  !(body instanceof ReadableStream) &&
  typeof (body as Partial<AsyncIterable<unknown>> | null | undefined)?.[Symbol.asyncIterator] !== 'function'
