import { defineNode } from '../define-node.js'
import { htmlText } from '../documents/html-text.js'
import { fetchPage } from '../documents/web-page.js'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import type { Tool } from '../providers/chat-model.js'
import { readText } from '../runtime/read-input.js'
import { cutToPrompt } from './send-request.js'

/** The page's readable text, or a sentence saying why there is none; a stopped run stops it. */
async function readPage(address: string, fetch: typeof globalThis.fetch, signal: AbortSignal): Promise<string> {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return `"${address}" is not a web address.`
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `Only http and https pages can be read, not ${url.protocol}`
  }
  try {
    const page = await fetchPage(url, { fetch, signal })
    const title = page.$('title').first().text().trim()
    const text = htmlText(page.$)
    if (!text) return `${url.href} has no readable text.`
    return cutToPrompt(title ? `${title}\n\n${text}` : text)
  } catch (error) {
    if (signal.aborted) throw error
    if (error instanceof OutboundRequestRefused) return error.message
    return error instanceof Error ? error.message : String(error)
  }
}

export default defineNode({
  descriptor: {
    label: 'Web Browser',
    name: 'webBrowser',
    version: 1,
    type: 'WebBrowser',
    category: 'Tools',
    description: 'Let an agent visit a web page and read its text.',
    icon: 'webBrowser.svg',
    color: '#7A5CC4',
    baseClasses: ['WebBrowser', 'Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      // Flowise's Web Browser asks for both; flows exported from Flowise keep them connected. The
      // agent's own model reads the page, so neither is needed here.
      {
        label: 'Language Model',
        name: 'model',
        type: 'BaseLanguageModel',
        optional: true,
        description: 'Not needed: the agent reads the page itself.',
      },
      {
        label: 'Embeddings',
        name: 'embeddings',
        type: 'Embeddings',
        optional: true,
        description: 'Not needed: the page text is given whole, cut to a size a prompt holds.',
      },
    ],
  },
  run: async ({ scope }): Promise<Tool> => ({
    kind: 'tool',
    name: 'web-browser',
    description:
      'Reads a web page. Use it to find or summarise what a page says. The input is the address of the page; the output is its text.',
    inputSchema: {
      type: 'object',
      properties: { url: { type: 'string', description: 'The address of the page, e.g. https://example.com/about' } },
      required: ['url'],
    },
    execute: (input, signal) => {
      // Flowise's browser took "url,question" as one text; the address is its first part.
      const given = readText(
        input.url ?? input.input ?? Object.values(input).find((value) => typeof value === 'string'),
      )
      return readPage(given.split(',')[0]!.trim(), scope.fetch, signal)
    },
  }),
})
