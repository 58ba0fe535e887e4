import { htmlText } from '../../documents/html-text.js'
import { fetchPage, type PageFetcher, type WebPage } from '../../documents/web-page.js'
import { MAX_CRAWL_PAGES } from '../../documents/web-crawl.js'

// What the Web Scraper Tool reads: the page it is given and the pages its links lead to, level by
// level, or the pages the site's /sitemap.xml lists. Every request goes through the run's outbound
// guard; a page that cannot be read becomes an entry saying why, as Flowise's tool answers.

export interface ScrapeSettings {
  mode: 'recursive' | 'sitemap'
  /** 1 reads only the given page, 2 also the pages it links to, … */
  maxDepth: number
  /** Undefined reads pages until none are left, up to MAX_CRAWL_PAGES. */
  maxPages: number | undefined
  timeoutMs: number
}

/** One page as the agent reads it (Flowise's fields). */
export interface ScrapedPage {
  url: string
  title: string
  description: string
  body_text: string
  error?: string
}

const failed = (url: string, error: string): ScrapedPage => ({ url, title: '', description: '', body_text: '', error })

/** The http(s) address `text` names, or undefined. */
export function webAddress(text: string): URL | undefined {
  const url = URL.parse(text.trim())
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined
}

function describePage(page: WebPage): Omit<ScrapedPage, 'url'> {
  const meta = (selector: string) => page.$(selector).attr('content')?.trim()
  return {
    title: page.$('title').first().text().trim() || 'No title found',
    description:
      meta('meta[name="description"]') ??
      meta('meta[property="og:description"]') ??
      meta('meta[name="twitter:description"]') ??
      'No description found',
    body_text: htmlText(page.$),
  }
}

/** The page's links to other web pages, without #fragments, once each, in page order. */
function linksOf(page: WebPage): URL[] {
  const seen = new Set<string>()
  return page
    .$('a[href]')
    .map((_, anchor) => page.$(anchor).attr('href') ?? '')
    .get()
    .flatMap((href) => {
      const url = URL.parse(href, page.url)
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return []
      url.hash = ''
      if (seen.has(url.href)) return []
      seen.add(url.href)
      return [url]
    })
}

async function readPage(url: URL, fetcher: PageFetcher, timeoutMs: number) {
  try {
    const page = await fetchPage(url, fetcher, { timeoutMs })
    // Links first: reading the text lays the page out anew.
    const links = linksOf(page)
    return { scraped: { url: url.href, ...describePage(page) }, links }
  } catch (error) {
    if (fetcher.signal.aborted) throw error
    return { scraped: failed(url.href, error instanceof Error ? error.message : String(error)), links: [] }
  }
}

/** The given page, then the pages each level links to, until Max Depth or Max Pages. */
async function scrapeLinks(start: URL, settings: ScrapeSettings, fetcher: PageFetcher): Promise<ScrapedPage[]> {
  const cap = Math.min(settings.maxPages ?? MAX_CRAWL_PAGES, MAX_CRAWL_PAGES)
  const pages: ScrapedPage[] = []
  const seen = new Set<string>()
  let level = [start]
  for (let depth = 1; depth <= settings.maxDepth && level.length > 0; depth++) {
    const next: URL[] = []
    for (const url of level) {
      if (pages.length >= cap) return pages
      if (seen.has(url.href)) continue
      seen.add(url.href)
      const { scraped, links } = await readPage(url, fetcher, settings.timeoutMs)
      pages.push(scraped)
      next.push(...links)
    }
    level = next
  }
  return pages
}

/** The page addresses /sitemap.xml of the start page's site lists; none when it has no sitemap. */
async function sitemapUrls(start: URL, fetcher: PageFetcher, timeoutMs: number): Promise<URL[]> {
  try {
    const { $ } = await fetchPage(new URL('/sitemap.xml', start.origin), fetcher, { xml: true, timeoutMs })
    return $('url > loc')
      .map((_, element) => $(element).text().trim())
      .get()
      .flatMap((text) => webAddress(text) ?? [])
  } catch (error) {
    if (fetcher.signal.aborted) throw error
    return []
  }
}

/**
 * The pages as the agent reads them: a list, or in sitemap mode without a sitemap, the list of the
 * links followed instead with a warning saying so (Flowise's answer).
 */
export async function scrapeSite(
  start: URL,
  settings: ScrapeSettings,
  fetcher: PageFetcher,
): Promise<ScrapedPage[] | { warning: string; scrapedData: ScrapedPage[] }> {
  if (settings.mode === 'recursive') return scrapeLinks(start, settings, fetcher)
  const urls = await sitemapUrls(start, fetcher, settings.timeoutMs)
  if (urls.length === 0) {
    const scrapedData = await scrapeLinks(start, settings, fetcher)
    return { warning: 'Sitemap not found or empty; fell back to recursive scraping.', scrapedData }
  }
  const cap = Math.min(settings.maxPages ?? MAX_CRAWL_PAGES, MAX_CRAWL_PAGES)
  const pages: ScrapedPage[] = []
  for (const url of urls.slice(0, cap)) pages.push((await readPage(url, fetcher, settings.timeoutMs)).scraped)
  return pages
}
