import { fetchPage, type PageFetcher, type WebPage } from './web-page.js'

// The pages a web loader reads besides the one it is given (Flowise's "Get Relative Links Method"):
// the pages its links lead to on the same site, or the pages a sitemap lists. Every page goes
// through the same guarded fetch; a linked page that fails is skipped, the first one fails the run.

/** Limit 0 reads every page found, up to this many. */
export const MAX_CRAWL_PAGES = 1000

/** Files that are not pages, not worth a request when their links are followed. */
const NOT_A_PAGE =
  /\.(pdf|zip|gz|tar|rar|7z|png|jpe?g|gif|webp|svg|ico|mp3|mp4|mov|avi|webm|woff2?|ttf|css|js|json|xml|docx?|xlsx?|pptx?)$/i

const pageCap = (limit: number) => (limit === 0 ? MAX_CRAWL_PAGES : Math.min(limit, MAX_CRAWL_PAGES))

/** Links of a page on the same site (scheme, host and port), without #fragments, in page order. */
function sameSiteLinks(page: WebPage, site: URL): URL[] {
  return page
    .$('a[href]')
    .map((_, anchor) => page.$(anchor).attr('href') ?? '')
    .get()
    .flatMap((href) => {
      const url = URL.parse(href, page.url)
      if (!url || url.origin !== site.origin || NOT_A_PAGE.test(url.pathname)) return []
      url.hash = ''
      return [url]
    })
}

/**
 * Reads a page found on the way. One that cannot be read (refused, missing, not a page) is left
 * out, as a site's broken link should not fail the whole site; a stopped run stops here.
 */
async function tryPage(url: URL, fetcher: PageFetcher, xml = false): Promise<WebPage | undefined> {
  try {
    return await fetchPage(url, fetcher, { xml })
  } catch (error) {
    if (fetcher.signal.aborted) throw error
    return undefined
  }
}

/** The start page, then the pages its links lead to on the same site, breadth first, up to `limit`. */
export async function crawlSite(start: URL, limit: number, fetcher: PageFetcher): Promise<WebPage[]> {
  const cap = pageCap(limit)
  const first = await fetchPage(start, fetcher)
  const pages = [first]
  const seen = new Set([start.href])
  const queue = sameSiteLinks(first, start)
  while (queue.length > 0 && pages.length < cap) {
    const next = queue.shift()!
    if (seen.has(next.href)) continue
    seen.add(next.href)
    const page = await tryPage(next, fetcher)
    if (!page) continue
    pages.push(page)
    queue.push(...sameSiteLinks(page, start))
  }
  return pages
}

/** The pages a sitemap lists (one level of nested sitemaps followed), up to `limit`. */
export async function sitemapPages(sitemap: URL, limit: number, fetcher: PageFetcher): Promise<WebPage[]> {
  const cap = pageCap(limit)
  const { $ } = await fetchPage(sitemap, fetcher, { xml: true })
  const locations = (selector: string, doc = $) =>
    doc(selector)
      .map((_, element) => doc(element).text().trim())
      .get()
      .flatMap((text) => {
        const url = URL.parse(text)
        return url ? [url] : []
      })
  const urls = locations('url > loc')
  for (const nested of locations('sitemap > loc')) {
    if (urls.length >= cap) break
    const inner = await tryPage(nested, fetcher, true)
    if (inner) urls.push(...locations('url > loc', inner.$))
  }
  if (urls.length === 0) throw new Error(`${sitemap.href} lists no pages: it is not a sitemap (no <url><loc> entries).`)
  const pages: WebPage[] = []
  for (const url of urls) {
    if (pages.length >= cap) break
    const page = await tryPage(url, fetcher)
    if (page) pages.push(page)
  }
  return pages
}
