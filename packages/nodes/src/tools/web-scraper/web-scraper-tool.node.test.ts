import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildComponent } from '../../define-node.js'
import type { Tool } from '../../providers/chat-model.js'
import { testRun, type TestRun } from '../../runtime/test-run.js'
import { startLoopbackApi, type LoopbackApi } from '../../testing/loopback-api.js'
import { testFetch } from '../../testing/test-fetch.js'
import webScraperTool from './web-scraper-tool.node.js'

// A loopback site: a home page linking to two pages (one links on to a third), a slow page, an
// image, and /sitemap.xml on the "mapped" site only. A second server stands for a private host the
// administrator did not allow.

let site: LoopbackApi
let mapped: LoopbackApi
let privateHost: LoopbackApi

const html = (res: ServerResponse, title: string, body: string, head = '') =>
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}<script>var hidden = 1</script></body></html>`,
    )

beforeAll(async () => {
  privateHost = await startLoopbackApi((_request, res) => html(res, 'Secret', '<p>internal only</p>'))
  site = await startLoopbackApi((request, res) => {
    switch (request.url) {
      case '/':
        return html(
          res,
          'Home',
          `<h1>Welcome</h1><p>The home page.</p><a href="/about#team">About</a> <a href="/blog">Blog</a> <a href="${privateHost.url}/admin">Admin</a> <a href="mailto:x@y.z">Mail</a>`,
          '<meta name="description" content="A site for tests">',
        )
      case '/about':
        return html(res, 'About', '<p>We make looms.</p><a href="/">Home</a>')
      case '/blog':
        return html(res, 'Blog', '<p>First post.</p><a href="/blog/deep">Deeper</a>')
      case '/blog/deep':
        return html(res, 'Deep', '<p>Three levels down.</p>')
      case '/slow':
        setTimeout(() => html(res, 'Slow', '<p>late</p>'), 1500)
        return
      default:
        return res.writeHead(404, 'Not Found').end('missing')
    }
  })
  mapped = await startLoopbackApi((request, res) => {
    if (request.url === '/sitemap.xml') {
      return res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${mapped.url}/one</loc></url><url><loc>${mapped.url}/two</loc></url><url><loc>${mapped.url}/three</loc></url></urlset>`,
        )
    }
    return html(res, `Page ${request.url}`, `<p>Listed page ${request.url}</p>`)
  })
})
afterAll(async () => {
  await Promise.all([site.close(), mapped.close(), privateHost.close()])
})

const signal = new AbortController().signal

async function build(
  inputs: Record<string, unknown>,
  run: TestRun = testRun({ fetch: testFetch(site.url, mapped.url) }),
) {
  return (await buildComponent(webScraperTool, {
    nodeId: 'webScraperTool_0',
    label: 'Web Scraper Tool',
    inputs,
    isEnding: false,
    scope: run.scope,
  })) as Tool
}

const scrape = async (tool: Tool, url: string) => JSON.parse(await tool.execute({ input: url }, signal)) as unknown

describe('Web Scraper Tool', () => {
  it('reads only the given page at Max Depth 1: title, description and readable text', async () => {
    const tool = await build({})
    expect(tool.name).toBe('web_scraper_tool')
    expect(tool.description).toContain('up to 1 level(s) deep, with a 60-second timeout per page')
    expect(await scrape(tool, `${site.url}/`)).toEqual([
      {
        url: `${site.url}/`,
        title: 'Home',
        description: 'A site for tests',
        body_text: expect.stringContaining('The home page.'),
      },
    ])
    const [home] = (await scrape(tool, `${site.url}/`)) as { body_text: string }[]
    expect(home!.body_text).toContain('Welcome')
    expect(home!.body_text).not.toContain('hidden')
  })

  it('follows links level by level, and a link to a private host is refused by the guard, never fetched', async () => {
    const before = privateHost.requests.length
    const tool = await build({ maxDepth: 2, maxPages: '' })
    const pages = (await scrape(tool, `${site.url}/`)) as { url: string; title: string; error?: string }[]
    expect(pages.map((page) => page.url)).toEqual([
      `${site.url}/`,
      `${site.url}/about`,
      `${site.url}/blog`,
      `${privateHost.url}/admin`,
    ])
    expect(pages.map((page) => page.title)).toEqual(['Home', 'About', 'Blog', ''])
    expect(pages[3]!.error).toContain('the address is private, unreachable or refused the connection')
    expect(privateHost.requests.length).toBe(before)
  })

  it('stops at Max Pages, and goes deeper with Max Depth', async () => {
    const two = await build({ maxDepth: 3, maxPages: 2 })
    expect(((await scrape(two, `${site.url}/`)) as { url: string }[]).map((page) => page.url)).toEqual([
      `${site.url}/`,
      `${site.url}/about`,
    ])
    const deep = await build({ maxDepth: '3', maxPages: 10 })
    const titles = ((await scrape(deep, `${site.url}/blog`)) as { title: string }[]).map((page) => page.title)
    expect(titles).toEqual(['Blog', 'Deep'])
  })

  it('reads the pages of the sitemap in Sitemap mode, up to Max Pages', async () => {
    const tool = await build({ scrapeMode: 'sitemap', maxPages: 2 })
    expect(tool.description).toContain(
      'Scrapes URLs listed in the detected default sitemap (/sitemap.xml) up to 2 pages',
    )
    const pages = (await scrape(tool, `${mapped.url}/anything`)) as { url: string; body_text: string }[]
    expect(pages.map((page) => [page.url, page.body_text])).toEqual([
      [`${mapped.url}/one`, 'Listed page /one'],
      [`${mapped.url}/two`, 'Listed page /two'],
    ])
  })

  it('falls back to following links, with a warning, when the site has no sitemap', async () => {
    const tool = await build({ scrapeMode: 'sitemap' })
    const answer = (await scrape(tool, `${site.url}/about`)) as { warning: string; scrapedData: { title: string }[] }
    expect(answer.warning).toBe('Sitemap not found or empty; fell back to recursive scraping.')
    expect(answer.scrapedData.map((page) => page.title)).toEqual(['About'])
  })

  it('tells a page that answers too slowly or not at all, per page, within Timeout (s)', async () => {
    const tool = await build({ timeoutS: 0.3 })
    expect(await scrape(tool, `${site.url}/slow`)).toEqual([
      expect.objectContaining({ url: `${site.url}/slow`, error: `${site.url}/slow did not answer within 0.3 s.` }),
    ])
    expect(await scrape(tool, `${site.url}/gone`)).toEqual([
      expect.objectContaining({ error: `${site.url}/gone answered 404 Not Found.` }),
    ])
  })

  it('refuses a private address the administrator did not allow, and what is not a web address', async () => {
    const before = site.requests.length
    const tool = await build({}, testRun())
    const [page] = (await scrape(tool, `${site.url}/`)) as { error: string }[]
    expect(page!.error).toBe(
      `Weft could not reach ${site.url}: the address is private, unreachable or refused the connection. An administrator can allow a private host by adding ${new URL(site.url).host} to WEFT_ALLOWED_PRIVATE_HOSTS.`,
    )
    expect(site.requests.length).toBe(before)
    await expect(tool.execute({ input: 'file:///etc/passwd' }, signal)).resolves.toBe(
      '{"error":"\\"file:///etc/passwd\\" is not an http or https address."}',
    )
  })

  it("takes the user's Tool Description", async () => {
    const tool = await build({ description: 'Reads our docs site.' })
    expect(tool.description).toBe('Reads our docs site.')
  })
})
