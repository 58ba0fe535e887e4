import { defineNode } from '../../define-node.js'
import type { Tool } from '../../providers/chat-model.js'
import { isRecord } from '../../runtime/read-input.js'
import { requireKey, toolClasses } from './search-node.js'
import { callSearchApi, formatResults, QUERY_SCHEMA, readQuery, readResults, serviceUrl } from './search-request.js'
import { cutToPrompt } from '../send-request.js'

/** SerpAPI's direct answer, when Google showed one above the results. */
function directAnswer(data: Record<string, unknown>): string | undefined {
  const box = isRecord(data.answer_box) ? data.answer_box : {}
  const graph = isRecord(data.knowledge_graph) ? data.knowledge_graph : {}
  const answer = [box.answer, box.snippet, graph.description].find((value) => typeof value === 'string' && value)
  return answer as string | undefined
}

export default defineNode({
  descriptor: {
    label: 'Serp API',
    name: 'serpAPI',
    version: 1,
    type: 'SerpAPI',
    category: 'Tools',
    description: 'Let an agent search Google through SerpAPI for current information.',
    icon: 'serpAPI.svg',
    color: '#4A6FD1',
    baseClasses: toolClasses('SerpAPI'),
    canvases: ['chatflow', 'sequential'],
    credential: { label: 'Connect Credential', credentialNames: ['serpApi'] },
    inputs: [],
  },
  run: async (context): Promise<Tool> => {
    const key = requireKey(context, 'serpApiKey', 'Serp API')
    const base = context.credential?.serpApiBaseUrl
    return {
      kind: 'tool',
      name: 'search',
      description:
        'A search engine. Use it to answer questions about current events. The input is a search query; the output is the top results.',
      inputSchema: QUERY_SCHEMA,
      execute: async (input, signal) => {
        const url = serviceUrl(base, 'https://serpapi.com', '/search')
        url.search = new URLSearchParams({ engine: 'google', q: readQuery(input), api_key: key }).toString()
        const answer = await callSearchApi({ service: 'SerpAPI', url, signal, fetch: context.scope.fetch })
        if (!answer.ok) return answer.text
        const data = isRecord(answer.data) ? answer.data : {}
        const results = formatResults(
          readResults(data.organic_results, { title: 'title', link: 'link', snippet: 'snippet' }),
        )
        const direct = directAnswer(data)
        return direct ? cutToPrompt(`Answer: ${direct}\n\nResults: ${results}`) : results
      },
    }
  },
})
