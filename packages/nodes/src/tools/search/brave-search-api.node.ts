import { defineNode } from '../../define-node.js'
import type { Tool } from '../../providers/chat-model.js'
import { isRecord } from '../../runtime/read-input.js'
import { requireKey, toolClasses } from './search-node.js'
import { callSearchApi, formatResults, QUERY_SCHEMA, readQuery, readResults, serviceUrl } from './search-request.js'

export default defineNode({
  descriptor: {
    label: 'BraveSearch API',
    name: 'braveSearchAPI',
    version: 1,
    type: 'BraveSearchAPI',
    category: 'Tools',
    description: 'Let an agent search the web with the Brave Search API.',
    icon: 'braveSearchAPI.svg',
    color: '#D9562B',
    baseClasses: toolClasses('BraveSearchAPI'),
    canvases: ['chatflow', 'sequential'],
    credential: { label: 'Connect Credential', credentialNames: ['braveSearchApi'] },
    inputs: [],
  },
  run: async (context): Promise<Tool> => {
    const key = requireKey(context, 'braveApiKey', 'Brave Search API')
    const base = context.credential?.braveApiBaseUrl
    return {
      kind: 'tool',
      name: 'brave-search',
      description:
        'A web search engine. Use it to answer questions about current events. The input is a search query; the output is the top results.',
      inputSchema: QUERY_SCHEMA,
      execute: async (input, signal) => {
        const url = serviceUrl(base, 'https://api.search.brave.com', '/res/v1/web/search')
        url.search = new URLSearchParams({ q: readQuery(input) }).toString()
        const answer = await callSearchApi({
          service: 'Brave Search',
          url,
          headers: { 'X-Subscription-Token': key },
          signal,
          fetch: context.scope.fetch,
        })
        if (!answer.ok) return answer.text
        const web = isRecord(answer.data) && isRecord(answer.data.web) ? answer.data.web : {}
        return formatResults(readResults(web.results, { title: 'title', link: 'url', snippet: 'description' }))
      },
    }
  },
})
