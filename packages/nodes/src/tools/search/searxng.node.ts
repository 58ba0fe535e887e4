import { defineNode } from '../../define-node.js'
import type { Tool } from '../../providers/chat-model.js'
import { isRecord, readNumber, readText } from '../../runtime/read-input.js'
import { readHeaders } from '../send-request.js'
import { toolClasses } from './search-node.js'
import { callSearchApi, formatResults, NO_RESULTS, readQuery, readResults, serviceUrl } from './search-request.js'
import { cutToPrompt } from '../send-request.js'

const DEFAULT_NAME = 'searxng-search'
const DEFAULT_DESCRIPTION =
  'A meta search engine. Use it to answer questions about current events. The input is a search query; the output is a JSON list of results.'

/** The search's query parameters from the node's settings, in SearXNG's names. */
function searchParams(inputs: Record<string, unknown>): Record<string, string> {
  const params: Record<string, string> = { format: readText(inputs.format) || 'json' }
  for (const name of ['categories', 'engines', 'language', 'time_range']) {
    const value = readText(inputs[name]).trim()
    if (value) params[name] = value
  }
  const page = readNumber(inputs.pageno)
  if (page !== undefined) params.pageno = String(page)
  const safe = readNumber(inputs.safesearch)
  if (safe !== undefined) params.safesearch = String(safe)
  return params
}

/** Results first; else SearXNG's direct answer, infobox or suggestions. */
function readAnswer(data: Record<string, unknown>): string {
  const results = readResults(data.results, { title: 'title', link: 'url', snippet: 'content' })
  if (results.length) return formatResults(results)
  const answers = Array.isArray(data.answers) ? data.answers : []
  const first: unknown = answers[0]
  if (typeof first === 'string') return cutToPrompt(first)
  if (isRecord(first) && typeof first.answer === 'string') return cutToPrompt(first.answer)
  const box: unknown = Array.isArray(data.infoboxes) ? data.infoboxes[0] : undefined
  if (isRecord(box) && typeof box.content === 'string') return cutToPrompt(box.content.replace(/<[^>]+>/g, ''))
  const suggestions = Array.isArray(data.suggestions) ? data.suggestions.filter((s) => typeof s === 'string') : []
  return suggestions.length ? `Suggestions: ${suggestions.join(', ')}` : NO_RESULTS
}

export default defineNode({
  descriptor: {
    label: 'SearXNG',
    name: 'searXNG',
    version: 1,
    type: 'SearXNG',
    category: 'Tools',
    description: 'Let an agent search the web through a SearXNG meta search server of your own.',
    icon: 'searXNG.svg',
    color: '#3B5998',
    baseClasses: toolClasses('SearXNG'),
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Base URL', name: 'apiBase', type: 'string', default: 'http://localhost:8080' },
      { label: 'Tool Name', name: 'toolName', type: 'string', default: DEFAULT_NAME },
      { label: 'Tool Description', name: 'toolDescription', type: 'string', rows: 4, default: DEFAULT_DESCRIPTION },
      {
        label: 'Headers',
        name: 'headers',
        type: 'json',
        description: 'Headers sent with each search, e.g. for a server behind a proxy that asks for a key.',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Format',
        name: 'format',
        type: 'options',
        options: [
          { label: 'JSON', name: 'json' },
          { label: 'HTML', name: 'html' },
        ],
        default: 'json',
        description: "The JSON format must be enabled in the server's settings.yml (search: formats).",
        additionalParams: true,
      },
      {
        label: 'Categories',
        name: 'categories',
        type: 'string',
        description: 'Comma-separated search categories, e.g. general,news.',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Engines',
        name: 'engines',
        type: 'string',
        description: 'Comma-separated engines, e.g. duckduckgo,wikipedia.',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Language',
        name: 'language',
        type: 'string',
        description: 'A language code, e.g. en.',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Page No.',
        name: 'pageno',
        type: 'number',
        description: 'Page of results.',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Time Range',
        name: 'time_range',
        type: 'string',
        description: 'day, month or year, for engines that support it.',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Safe Search',
        name: 'safesearch',
        type: 'number',
        description: '0 off, 1 moderate, 2 strict, for engines that support it.',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  run: async ({ inputs, scope }): Promise<Tool> => {
    const apiBase = readText(inputs.apiBase).trim()
    if (!apiBase) throw new Error('Base URL is empty: give the address of your SearXNG server.')
    let base: URL
    try {
      base = new URL(apiBase)
    } catch {
      throw new Error(`Base URL "${apiBase}" is not a web address.`)
    }
    const headers = readHeaders(inputs.headers)
    const params = searchParams(inputs)
    return {
      kind: 'tool',
      name: readText(inputs.toolName).trim() || DEFAULT_NAME,
      description: readText(inputs.toolDescription).trim() || DEFAULT_DESCRIPTION,
      inputSchema: {
        type: 'object',
        properties: { input: { type: 'string', description: 'What to search for' } },
        required: ['input'],
      },
      execute: async (input, signal) => {
        const url = serviceUrl(base.href, base.href, '/search')
        url.search = new URLSearchParams({ q: readQuery(input), ...params }).toString()
        const answer = await callSearchApi({ service: 'SearXNG', url, headers, signal, fetch: scope.fetch })
        if (!answer.ok) return answer.text
        return isRecord(answer.data) ? readAnswer(answer.data) : NO_RESULTS
      },
    }
  },
})
