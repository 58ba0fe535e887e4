import { defineNode } from '../../define-node.js'
import type { Tool } from '../../providers/chat-model.js'
import { readNumber, readText } from '../../runtime/read-input.js'
import { cutToPrompt, MAX_ANSWER_CHARS } from '../send-request.js'
import { scrapeSite, webAddress, type ScrapedPage, type ScrapeSettings } from './scrape-site.js'

/** Flowise's reading of the inputs: a depth below 1 is 1, an empty or non-positive Max Pages is no limit. */
export function readScrapeSettings(inputs: Record<string, unknown>): ScrapeSettings {
  const depth = Math.floor(readNumber(inputs.maxDepth) ?? 1)
  const pages = Math.floor(readNumber(inputs.maxPages) ?? 0)
  const timeoutS = readNumber(inputs.timeoutS) ?? 60
  return {
    mode: inputs.scrapeMode === 'sitemap' ? 'sitemap' : 'recursive',
    maxDepth: depth > 0 ? depth : 1,
    maxPages: pages > 0 ? pages : undefined,
    timeoutMs: Math.round((timeoutS > 0 ? timeoutS : 60) * 1000),
  }
}

/** What the agent is told the tool does, from its settings (Flowise's wording). */
function describeTool({ mode, maxDepth, maxPages, timeoutMs }: ScrapeSettings): string {
  const limit = (text: string) => (maxPages === undefined ? '' : text)
  const found =
    mode === 'sitemap'
      ? `Scrapes URLs listed in the detected default sitemap (/sitemap.xml)${limit(` up to ${maxPages} pages`)}, with a ${timeoutMs / 1000}-second timeout per page. Falls back to Recursive Link Following if sitemap is not found or empty.`
      : `Recursively scrapes web pages starting from a given URL up to ${maxDepth} level(s) deep${limit(` or until ${maxPages} pages are scraped`)}, with a ${timeoutMs / 1000}-second timeout per page, whichever comes first.`
  return `${found} Extracts title, description, and paragraph text. Input should be a single URL string. Returns a JSON string array of scraped page data.`
}

/** Each page's text cut to its share of what a prompt holds, so the answer stays whole JSON. */
function fitToPrompt(pages: ScrapedPage[]): ScrapedPage[] {
  const share = Math.max(400, Math.floor((MAX_ANSWER_CHARS - 200 * pages.length) / Math.max(1, pages.length)))
  return pages.map((page) =>
    page.body_text.length > share ? { ...page, body_text: `${page.body_text.slice(0, share)}…` } : page,
  )
}

export default defineNode({
  descriptor: {
    label: 'Web Scraper Tool',
    name: 'webScraperTool',
    version: 1,
    type: 'Tool',
    category: 'Tools',
    description: 'Let an agent read a web page and the pages it links to, or the pages of its sitemap.',
    icon: 'webScraperTool.svg',
    color: '#2F9C8A',
    baseClasses: ['Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Scraping Mode',
        name: 'scrapeMode',
        type: 'options',
        options: [
          { label: 'Recursive Link Following', name: 'recursive' },
          { label: 'Sitemap', name: 'sitemap' },
        ],
        default: 'recursive',
        description:
          'Recursive follows the links found on pages (up to Max Depth); Sitemap reads the pages /sitemap.xml lists, or follows links when the site has none.',
        additionalParams: true,
      },
      {
        label: 'Max Depth',
        name: 'maxDepth',
        type: 'number',
        description: 'Levels of links to follow: 1 reads only the given page, 2 also the pages it links to.',
        step: 1,
        default: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Max Pages',
        name: 'maxPages',
        type: 'number',
        description: 'The most pages read in all; empty reads every page found (at most 1000).',
        step: 1,
        default: 10,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Timeout (s)',
        name: 'timeoutS',
        type: 'number',
        description: 'How long each page may take to answer, in seconds (decimals allowed).',
        step: 0.5,
        default: 60,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Tool Description',
        name: 'description',
        type: 'string',
        description: 'What the agent is told the tool does, instead of the description made from the settings.',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  run: async ({ inputs, scope }): Promise<Tool> => {
    const settings = readScrapeSettings(inputs)
    return {
      kind: 'tool',
      name: 'web_scraper_tool',
      description: readText(inputs.description).trim() || describeTool(settings),
      inputSchema: {
        type: 'object',
        properties: {
          input: { type: 'string', description: 'The address of the first page, e.g. https://example.com' },
        },
        required: ['input'],
      },
      execute: async (input, signal) => {
        const given = readText(
          input.input ?? input.url ?? Object.values(input).find((value) => typeof value === 'string'),
        )
        const start = webAddress(given)
        if (!start) return JSON.stringify({ error: `"${given.trim()}" is not an http or https address.` })
        const scraped = await scrapeSite(start, settings, { fetch: scope.fetch, signal })
        const answer = Array.isArray(scraped)
          ? fitToPrompt(scraped)
          : { ...scraped, scrapedData: fitToPrompt(scraped.scrapedData) }
        return cutToPrompt(JSON.stringify(answer))
      },
    }
  },
})
