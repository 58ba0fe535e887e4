import type { SourceDocument } from '@weft/core'
import { defineNode } from '../define-node.js'
import type { CheerioAPI } from 'cheerio'
import { loadCheerio } from '../documents/cheerio.js'
import { htmlOf, htmlText } from '../documents/html-text.js'
import { loaderOutput } from '../documents/loader-output.js'
import { crawlSite, MAX_CRAWL_PAGES, sitemapPages } from '../documents/web-crawl.js'
import { fetchPage, type PageFetcher, type WebPage } from '../documents/web-page.js'
import { readNumber, readText } from '../runtime/read-input.js'
import { DOCUMENT_CLASSES, LOADER_OUTPUTS, metadataParam, textSplitterAnchor } from './loader-params.js'

export default defineNode({
  descriptor: {
    label: 'Cheerio Web Scraper',
    name: 'cheerioWebScraper',
    version: 1,
    type: 'Document',
    category: 'Document Loaders',
    description: 'Read the text of a web page, and optionally of the pages it links to on the same site.',
    icon: 'cheerioWebScraper.svg',
    color: '#6A8F1F',
    baseClasses: DOCUMENT_CLASSES,
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'URL', name: 'url', type: 'string', placeholder: 'https://example.com/help' },
      textSplitterAnchor,
      {
        label: 'Get Relative Links Method',
        name: 'relativeLinksMethod',
        type: 'options',
        description: 'Also read other pages of the site; left empty, only the page at URL is read.',
        options: [
          { label: 'Web Crawl', name: 'webCrawl', description: 'Follow the links of the page on the same site.' },
          {
            label: 'Scrape XML Sitemap',
            name: 'scrapeXMLSitemap',
            description: 'URL is a sitemap (sitemap.xml): read the pages it lists.',
          },
        ],
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Get Relative Links Limit',
        name: 'limit',
        type: 'number',
        description: `The most pages read with Get Relative Links Method; 0 reads every page found, up to ${MAX_CRAWL_PAGES}.`,
        default: '10',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Selector (CSS)',
        name: 'selector',
        type: 'string',
        description: 'Read only the parts of each page this CSS selector picks, e.g. main or article.content.',
        placeholder: 'main',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Excluded Selectors (CSS)',
        name: 'excludeSelector',
        type: 'string',
        description: 'Leave out the parts of each page this CSS selector picks, e.g. nav, footer.',
        placeholder: 'nav, footer',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Output Format (Pre-Split)',
        name: 'outputFormat',
        type: 'options',
        description: 'The text a reader sees, or the HTML itself.',
        options: [
          { label: 'Text', name: 'text' },
          { label: 'HTML', name: 'html' },
        ],
        default: 'text',
        optional: true,
        additionalParams: true,
      },
      metadataParam,
    ],
    outputs: LOADER_OUTPUTS,
  },
  run: async (context) => {
    const { inputs, scope } = context
    const url = readUrl(inputs.url)
    const { load } = await loadCheerio()
    const selector = readSelector(load, inputs.selector, 'Selector (CSS)')
    const exclude = readSelector(load, inputs.excludeSelector, 'Excluded Selectors (CSS)')
    const asHtml = readText(inputs.outputFormat) === 'html'
    const fetcher: PageFetcher = { fetch: scope.fetch, signal: scope.signal }
    const pages = await readPages(url, inputs, fetcher)
    const documents = pages.flatMap((page): SourceDocument[] => {
      const pageContent = asHtml ? htmlOf(page.$, selector, exclude) : htmlText(page.$, selector, exclude)
      return pageContent === '' ? [] : [{ pageContent, metadata: { source: page.url } }]
    })
    if (documents.length === 0) {
      throw new Error(`${url.href} has no text${selector ? ` in the parts the selector "${selector}" picks` : ''}.`)
    }
    return loaderOutput(documents, context)
  },
})

function readUrl(raw: unknown): URL {
  const text = readText(raw).trim()
  if (text === '') throw new Error('Write the address of the page to read in URL.')
  const url = URL.parse(text)
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`URL must be a web address starting with http:// or https://, not "${text}".`)
  }
  return url
}

/** The page at URL; with a links method, the pages found from it; Flowise's chosen links when it kept some. */
async function readPages(url: URL, inputs: Record<string, unknown>, fetcher: PageFetcher): Promise<WebPage[]> {
  const method = readText(inputs.relativeLinksMethod)
  const limit = readNumber(inputs.limit) ?? 10
  if (method && (!Number.isInteger(limit) || limit < 0)) {
    throw new Error(`Get Relative Links Limit must be a whole number of 0 or more, not ${limit}.`)
  }
  // Flowise's "Manage Links" dialog keeps the links the user picked; they are read instead.
  const chosen = Array.isArray(inputs.selectedLinks)
    ? inputs.selectedLinks.filter((link): link is string => typeof link === 'string').map((link) => readUrl(link))
    : []
  if (chosen.length > 0) {
    const pages: WebPage[] = []
    for (const link of chosen.slice(0, limit || undefined)) pages.push(await fetchPage(link, fetcher))
    return pages
  }
  if (method === 'webCrawl') return crawlSite(url, limit, fetcher)
  if (method === 'scrapeXMLSitemap') return sitemapPages(url, limit, fetcher)
  return [await fetchPage(url, fetcher)]
}

/** A CSS selector, checked before any page is fetched so a typo costs no request. */
function readSelector(load: CheerioAPI['load'], raw: unknown, label: string): string {
  const selector = readText(raw).trim()
  if (selector === '') return ''
  try {
    load('<p></p>')(selector)
  } catch (error) {
    throw new Error(`${label} "${selector}" is not a CSS selector: ${(error as Error).message}`, { cause: error })
  }
  return selector
}
