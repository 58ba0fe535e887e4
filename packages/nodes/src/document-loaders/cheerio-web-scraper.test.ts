import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runNode, testRun } from '../runtime/test-run.js'
import { testFetch } from '../testing/test-fetch.js'
import { fetchPage } from '../documents/web-page.js'
import cheerioWebScraper from './cheerio-web-scraper.node.js'

// A stand-in web site on loopback: a help page linking to two more pages (and to a PDF and another
// site, which a crawl does not follow), a sitemap, a page in Latin-1, a missing page and a PDF.

const page = (title: string, body: string) =>
  `<html><head><title>${title}</title><script>track("${title}")</script></head><body>` +
  `<nav>Menu</nav><main>${body}</main><footer>© Acme</footer></body></html>`

const PAGES: Record<string, string> = {
  '/help': page(
    'Help',
    '<h1>Help</h1><p>Refunds within 30 days.</p><a href="/help/shipping">Shipping</a> <a href="help/lunch#today">Lunch</a>' +
      '<a href="/guide.pdf">Guide</a> <a href="https://example.com/elsewhere">Elsewhere</a>',
  ),
  '/help/shipping': page('Shipping', '<p>Orders ship in 2 days.</p><a href="/help">Back</a>'),
  '/help/lunch': page('Lunch', '<p>Lunch is on Thursdays.</p>'),
}

let server: Server
let base: string
let requested: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/'
    requested.push(path)
    if (PAGES[path]) return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGES[path])
    if (path === '/sitemap.xml') {
      const urls = ['/help/shipping', '/help/lunch'].map((p) => `<url><loc>${base}${p}</loc></url>`).join('')
      return response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`)
    }
    if (path === '/latin1') {
      return response
        .writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' })
        .end(Buffer.from('<p>Caf\u00e9 cr\u00e8me</p>', 'latin1'))
    }
    if (path === '/big')
      return response.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${'x'.repeat(4096)}</p>`)
    if (path === '/guide.pdf') return response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4')
    response.writeHead(404, 'Not Found').end('nothing here')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeEach(() => {
  requested = []
})

/** A run whose outbound guard allows this test's loopback server, as an administrator would. */
const scrape = (inputs: Record<string, unknown>) =>
  runNode(cheerioWebScraper, inputs, testRun({ fetch: testFetch(base) }))

describe('Cheerio Web Scraper', () => {
  it('reads the text of the page at URL, without scripts, its address as the source', async () => {
    expect(await scrape({ url: ` ${base}/help/shipping ` })).toEqual([
      {
        pageContent: 'Menu\n\nOrders ship in 2 days.\n\nBack\n\n© Acme',
        metadata: { source: `${base}/help/shipping` },
      },
    ])
    expect(requested).toEqual(['/help/shipping'])
  })

  it('reads only what Selector (CSS) picks, leaves out what Excluded Selectors pick, or gives the HTML', async () => {
    expect(await scrape({ url: `${base}/help`, selector: 'main', excludeSelector: 'a, h1' })).toEqual([
      { pageContent: 'Refunds within 30 days.', metadata: { source: `${base}/help` } },
    ])
    const html = await scrape({ url: `${base}/help/lunch`, selector: 'main', outputFormat: 'html' })
    expect(html).toEqual([{ pageContent: '<p>Lunch is on Thursdays.</p>', metadata: { source: `${base}/help/lunch` } }])
  })

  it('decodes a page in the encoding its server names', async () => {
    expect(await scrape({ url: `${base}/latin1` })).toMatchObject([{ pageContent: 'Café crème' }])
  })

  it('with Web Crawl, also reads the pages its links lead to on the same site, up to the limit', async () => {
    const documents = (await scrape({ url: `${base}/help`, relativeLinksMethod: 'webCrawl', selector: 'main p' })) as {
      pageContent: string
      metadata: { source: string }
    }[]
    expect(documents.map((document) => [document.metadata.source, document.pageContent])).toEqual([
      [`${base}/help`, 'Refunds within 30 days.'],
      [`${base}/help/shipping`, 'Orders ship in 2 days.'],
      [`${base}/help/lunch`, 'Lunch is on Thursdays.'],
    ])
    // No request for the PDF or the other site; /help is read once though shipping links back to it.
    expect(requested.sort()).toEqual(['/help', '/help/lunch', '/help/shipping'])
    const two = (await scrape({ url: `${base}/help`, relativeLinksMethod: 'webCrawl', limit: '2' })) as unknown[]
    expect(two).toHaveLength(2)
  })

  it('with Scrape XML Sitemap, reads the pages the sitemap lists', async () => {
    const documents = await scrape({
      url: `${base}/sitemap.xml`,
      relativeLinksMethod: 'scrapeXMLSitemap',
      selector: 'p',
    })
    expect(documents).toEqual([
      { pageContent: 'Orders ship in 2 days.', metadata: { source: `${base}/help/shipping` } },
      { pageContent: 'Lunch is on Thursdays.', metadata: { source: `${base}/help/lunch` } },
    ])
    await expect(scrape({ url: `${base}/help`, relativeLinksMethod: 'scrapeXMLSitemap' })).rejects.toThrow(
      `${base}/help lists no pages: it is not a sitemap`,
    )
  })

  it('refuses a loopback address with the default guard, without sending anything', async () => {
    const run = testRun() // a server whose administrator allowed no private host
    await expect(runNode(cheerioWebScraper, { url: `${base}/help` }, run)).rejects.toThrow(
      `Weft could not reach ${base}: the address is private, unreachable or refused the connection.`,
    )
    expect(requested).toEqual([])
  })

  it('names a missing page, a file that is not a page, and a page with nothing under the selector', async () => {
    await expect(scrape({ url: `${base}/gone` })).rejects.toThrow(`${base}/gone answered 404 Not Found.`)
    await expect(scrape({ url: `${base}/guide.pdf` })).rejects.toThrow(
      `${base}/guide.pdf is not a web page: it answered with application/pdf.`,
    )
    await expect(scrape({ url: `${base}/help`, selector: 'article' })).rejects.toThrow(
      `${base}/help has no text in the parts the selector "article" picks.`,
    )
  })

  it('checks its inputs before sending anything', async () => {
    await expect(scrape({ url: '' })).rejects.toThrow('Write the address of the page to read in URL.')
    await expect(scrape({ url: 'file:///etc/passwd' })).rejects.toThrow(
      'URL must be a web address starting with http:// or https://, not "file:///etc/passwd".',
    )
    await expect(scrape({ url: `${base}/help`, selector: 'main >>> p' })).rejects.toThrow(
      /^Selector \(CSS\) "main >>> p" is not a CSS selector: /,
    )
    await expect(scrape({ url: `${base}/help`, relativeLinksMethod: 'webCrawl', limit: -1 })).rejects.toThrow(
      'Get Relative Links Limit must be a whole number of 0 or more, not -1.',
    )
    expect(requested).toEqual([])
  })

  it('stops reading a page larger than the limit', async () => {
    const fetcher = { fetch: testFetch(base), signal: new AbortController().signal }
    await expect(fetchPage(new URL(`${base}/big`), fetcher, { maxBytes: 2048 })).rejects.toThrow(
      `${base}/big is larger than ${2048 / 1024 / 1024} MB, the most Weft reads of a page.`,
    )
    expect((await fetchPage(new URL(`${base}/big`), fetcher, { maxBytes: 8192 })).$('p').text()).toHaveLength(4096)
  })
})
