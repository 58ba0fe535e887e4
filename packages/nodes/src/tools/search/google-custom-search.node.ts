import { defineNode } from '../../define-node.js'
import type { Tool } from '../../providers/chat-model.js'
import { isRecord } from '../../runtime/read-input.js'
import { requireKey, toolClasses } from './search-node.js'
import { callSearchApi, formatResults, QUERY_SCHEMA, readQuery, readResults, serviceUrl } from './search-request.js'

export default defineNode({
  descriptor: {
    label: 'Google Custom Search',
    name: 'googleCustomSearch',
    version: 1,
    type: 'GoogleCustomSearchAPI',
    category: 'Tools',
    description: 'Let an agent search the web with a Google Programmable Search Engine.',
    icon: 'googleCustomSearch.svg',
    color: '#3C8DBC',
    baseClasses: toolClasses('GoogleCustomSearchAPI'),
    canvases: ['chatflow', 'sequential'],
    credential: { label: 'Connect Credential', credentialNames: ['googleCustomSearchApi'] },
    inputs: [],
  },
  run: async (context): Promise<Tool> => {
    const key = requireKey(context, 'googleCustomSearchApiKey', 'Google Custom Search API')
    const engineId = requireKey(context, 'googleCustomSearchApiId', 'Google Custom Search API')
    const base = context.credential?.googleCustomSearchApiBaseUrl
    return {
      kind: 'tool',
      name: 'google-custom-search',
      description:
        'A Google search. Use it to answer questions about current events. The input is a search query; the output is the top results.',
      inputSchema: QUERY_SCHEMA,
      execute: async (input, signal) => {
        const url = serviceUrl(base, 'https://www.googleapis.com', '/customsearch/v1')
        url.search = new URLSearchParams({ key, cx: engineId, q: readQuery(input) }).toString()
        const answer = await callSearchApi({ service: 'Google Custom Search', url, signal, fetch: context.scope.fetch })
        if (!answer.ok) return answer.text
        const items = isRecord(answer.data) ? answer.data.items : undefined
        return formatResults(readResults(items, { title: 'title', link: 'link', snippet: 'snippet' }))
      },
    }
  },
})
