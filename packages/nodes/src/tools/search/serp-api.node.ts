import { defineNode } from '../../define-node.js'
import type { Tool } from '../../providers/chat-model.js'
import { isRecord } from '../../runtime/read-input.js'
import { googleSearchTool, requireKey, toolClasses, withDirectAnswer } from './search-node.js'
import { callSearchApi, formatResults, readResults, serviceUrl } from './search-request.js'

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
    return googleSearchTool(async (query, signal) => {
      const url = serviceUrl(base, 'https://serpapi.com', '/search')
      url.search = new URLSearchParams({ engine: 'google', q: query, api_key: key }).toString()
      const answer = await callSearchApi({ service: 'SerpAPI', url, signal, fetch: context.scope.fetch })
      if (!answer.ok) return answer.text
      const data = isRecord(answer.data) ? answer.data : {}
      const results = formatResults(
        readResults(data.organic_results, { title: 'title', link: 'link', snippet: 'snippet' }),
      )
      return withDirectAnswer(directAnswer(data), results)
    })
  },
})
