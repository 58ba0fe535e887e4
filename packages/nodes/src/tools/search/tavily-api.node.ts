import type { InputParam } from '@weft/core'
import { defineNode } from '../../define-node.js'
import type { Tool } from '../../providers/chat-model.js'
import { isRecord, readNumber, readText } from '../../runtime/read-input.js'
import { isOn, readCommaList, requireKey, toolClasses } from './search-node.js'
import { callSearchApi, formatResults, QUERY_SCHEMA, readQuery, readResults, serviceUrl } from './search-request.js'
import { cutToPrompt } from '../send-request.js'

const setting = (param: Omit<InputParam, 'optional' | 'additionalParams'>): InputParam => ({
  ...param,
  optional: true,
  additionalParams: true,
})
const flag = (label: string, name: string, description: string) =>
  setting({ label, name, type: 'boolean', default: false, description })

/** Tavily's search request (its field names) from the node's settings; unset settings are left to Tavily. */
function searchBody(inputs: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {
    topic: readText(inputs.topic) || 'general',
    search_depth: readText(inputs.searchDepth) || 'basic',
    max_results: readNumber(inputs.maxResults) ?? 5,
  }
  if (body.search_depth === 'advanced' && readNumber(inputs.chunksPerSource)) {
    body.chunks_per_source = readNumber(inputs.chunksPerSource)
  }
  if (readText(inputs.timeRange)) body.time_range = readText(inputs.timeRange)
  if (body.topic === 'news' && readNumber(inputs.days)) body.days = readNumber(inputs.days)
  if (isOn(inputs.includeAnswer)) body.include_answer = true
  if (isOn(inputs.includeRawContent)) body.include_raw_content = true
  if (isOn(inputs.includeImages)) body.include_images = true
  if (isOn(inputs.includeImageDescriptions)) body.include_image_descriptions = true
  const include = readCommaList(readText(inputs.includeDomains))
  const exclude = readCommaList(readText(inputs.excludeDomains))
  if (include.length) body.include_domains = include
  if (exclude.length) body.exclude_domains = exclude
  return body
}

export default defineNode({
  descriptor: {
    label: 'Tavily API',
    name: 'tavilyAPI',
    version: 1,
    type: 'TavilyAPI',
    category: 'Tools',
    description: 'Let an agent search the web with Tavily, a search engine made for AI agents.',
    icon: 'tavilyAPI.svg',
    color: '#2F6FA8',
    baseClasses: toolClasses('TavilyAPI'),
    canvases: ['chatflow', 'sequential'],
    credential: { label: 'Connect Credential', credentialNames: ['tavilyApi'] },
    inputs: [
      setting({
        label: 'Topic',
        name: 'topic',
        type: 'options',
        options: [
          { label: 'General', name: 'general' },
          { label: 'News', name: 'news' },
        ],
        default: 'general',
        description: 'News for recent events, general for everything else.',
      }),
      setting({
        label: 'Search Depth',
        name: 'searchDepth',
        type: 'options',
        options: [
          { label: 'Basic', name: 'basic' },
          { label: 'Advanced', name: 'advanced' },
        ],
        default: 'basic',
        description: 'Advanced finds more and costs 2 API credits; basic costs 1.',
      }),
      setting({
        label: 'Chunks Per Source',
        name: 'chunksPerSource',
        type: 'number',
        default: 3,
        description: 'Passages per page found (1 to 3); advanced search only.',
      }),
      setting({ label: 'Max Results', name: 'maxResults', type: 'number', default: 5, description: 'At most 20.' }),
      setting({
        label: 'Time Range',
        name: 'timeRange',
        type: 'options',
        options: [
          { label: 'Day', name: 'day' },
          { label: 'Week', name: 'week' },
          { label: 'Month', name: 'month' },
          { label: 'Year', name: 'year' },
        ],
        description: 'Only pages from this long ago until now.',
      }),
      setting({ label: 'Days', name: 'days', type: 'number', default: 7, description: 'Days back; news topic only.' }),
      flag('Include Answer', 'includeAnswer', "Also answer with Tavily's own short answer to the query."),
      flag('Include Raw Content', 'includeRawContent', 'Also answer with the text of each page found.'),
      flag('Include Images', 'includeImages', 'Also answer with images found.'),
      flag('Include Image Descriptions', 'includeImageDescriptions', 'Describe each image found.'),
      setting({ label: 'Include Domains', name: 'includeDomains', type: 'string', description: 'Comma-separated.' }),
      setting({ label: 'Exclude Domains', name: 'excludeDomains', type: 'string', description: 'Comma-separated.' }),
    ],
  },
  run: async (context): Promise<Tool> => {
    const key = requireKey(context, 'tavilyApiKey', 'Tavily API')
    const base = context.credential?.tavilyApiBaseUrl
    const body = searchBody(context.inputs)
    return {
      kind: 'tool',
      name: 'tavily_search',
      description:
        'A search engine made for AI agents. Use it to answer questions about current events. The input is a search query; the output is the top results.',
      inputSchema: QUERY_SCHEMA,
      execute: async (input, signal) => {
        const answer = await callSearchApi({
          service: 'Tavily',
          url: serviceUrl(base, 'https://api.tavily.com', '/search'),
          method: 'POST',
          headers: { authorization: `Bearer ${key}` },
          body: { query: readQuery(input), ...body },
          signal,
          fetch: context.scope.fetch,
        })
        if (!answer.ok) return answer.text
        const data = isRecord(answer.data) ? answer.data : {}
        const found = readResults(data.results, { title: 'title', link: 'url', snippet: 'content' })
        const raw = Array.isArray(data.results) ? data.results : []
        // With Include Raw Content each result also carries the page's text.
        const withPages = found.map((result, index) => {
          const page: unknown = isRecord(raw[index]) ? raw[index].raw_content : undefined
          return typeof page === 'string' && page ? { ...result, content: page } : result
        })
        const results = formatResults(withPages)
        const parts = [typeof data.answer === 'string' && data.answer ? `Answer: ${data.answer}` : '', results]
        if (Array.isArray(data.images) && data.images.length) parts.push(`Images: ${JSON.stringify(data.images)}`)
        return cutToPrompt(parts.filter(Boolean).join('\n\n'))
      },
    }
  },
})
