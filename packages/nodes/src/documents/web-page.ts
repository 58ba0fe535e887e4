import type { CheerioAPI } from 'cheerio'
import { loadCheerio } from './cheerio.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { readCappedBody } from '../net/read-capped-body.js'

// Web pages for the web loaders, fetched only through the run's outbound guard (so a flow cannot
// read the server's private network), with a time limit, a size limit, and the page's encoding.

export const PAGE_TIMEOUT_MS = 30_000
export const MAX_PAGE_BYTES = 10 * 1024 * 1024

export interface WebPage {
  /** The address as asked for (before redirects), which documents name as their source. */
  url: string
  $: CheerioAPI
}

/** How a loader fetches: the guard's fetch and the run's signal. */
export interface PageFetcher {
  fetch: OutboundFetch
  signal: AbortSignal
}

const READABLE =
  /^(text\/html|application\/xhtml\+xml|text\/xml|application\/xml|application\/[\w.+-]+\+xml|text\/plain)$/

/** The body, refused once it passes `limit` bytes (a page that size is not a page to read). */
const readLimited = (response: Response, url: URL, limit: number): Promise<Buffer> =>
  readCappedBody(
    response,
    limit,
    () => `${url.href} is larger than ${limit / 1024 / 1024} MB, the most Weft reads of a page.`,
  )

/**
 * Fetches a page (HTML, or XML for sitemaps) and parses it in the encoding it declares. Refused
 * addresses throw the guard's own error; failed answers and other kinds of content say what came.
 */
export async function fetchPage(
  url: URL,
  { fetch: guardedFetch, signal }: PageFetcher,
  options: { xml?: boolean; maxBytes?: number; timeoutMs?: number } = {},
): Promise<WebPage> {
  const timeoutMs = options.timeoutMs ?? PAGE_TIMEOUT_MS
  let response: Response
  try {
    response = await guardedFetch(url, {
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8' },
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    })
  } catch (error) {
    if (!signal.aborted && error instanceof Error && error.name === 'TimeoutError') {
      throw new Error(`${url.href} did not answer within ${timeoutMs / 1000} s.`, { cause: error })
    }
    throw error
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    throw new Error(`${url.href} answered ${response.status} ${response.statusText}`.trim() + '.')
  }
  const contentType = response.headers.get('content-type') ?? ''
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase()
  if (type !== '' && !READABLE.test(type)) {
    await response.body?.cancel().catch(() => {})
    throw new Error(`${url.href} is not a web page: it answered with ${type}.`)
  }
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1]
  const bytes = await readLimited(response, url, options.maxBytes ?? MAX_PAGE_BYTES)
  const { loadBuffer } = await loadCheerio()
  const $ = loadBuffer(bytes, {
    xml: options.xml === true,
    ...(charset ? { encoding: { transportLayerEncodingLabel: charset } } : {}),
  })
  return { url: url.href, $ }
}
