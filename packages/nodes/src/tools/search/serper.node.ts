import { defineNode } from '../../define-node.js'
import type { Tool } from '../../providers/chat-model.js'
import { isRecord } from '../../runtime/read-input.js'
import { googleSearchTool, requireKey, toolClasses, withDirectAnswer } from './search-node.js'
import { callSearchApi, formatResults, readResults, serviceUrl } from './search-request.js'

/** Serper's direct answer, in the order Google shows them: answer box, sports, knowledge graph. */
function directAnswer(data: Record<string, unknown>): string | undefined {
  const box = isRecord(data.answerBox) ? data.answerBox : {}
  const highlighted = Array.isArray(box.snippetHighlighted) ? box.snippetHighlighted[0] : undefined
  const sports = isRecord(data.sportsResults) ? data.sportsResults.gameSpotlight : undefined
  const graph = isRecord(data.knowledgeGraph) ? data.knowledgeGraph.description : undefined
  const answer = [box.answer, box.snippet, highlighted, sports, graph].find(
    (value) => typeof value === 'string' && value,
  )
  return answer as string | undefined
}

export default defineNode({
  descriptor: {
    label: 'Serper',
    name: 'serper',
    version: 1,
    type: 'Serper',
    category: 'Tools',
    description: 'Let an agent search Google through Serper.dev for current information.',
    icon: 'serper.svg',
    color: '#3C8FD9',
    baseClasses: toolClasses('Serper'),
    canvases: ['chatflow', 'sequential'],
    credential: { label: 'Connect Credential', credentialNames: ['serperApi'] },
    inputs: [],
  },
  run: async (context): Promise<Tool> => {
    const key = requireKey(context, 'serperApiKey', 'Serper API')
    const base = context.credential?.serperApiBaseUrl
    return googleSearchTool(async (query, signal) => {
      const answer = await callSearchApi({
        service: 'Serper',
        url: serviceUrl(base, 'https://google.serper.dev', '/search'),
        method: 'POST',
        headers: { 'x-api-key': key },
        body: { q: query },
        signal,
        fetch: context.scope.fetch,
      })
      if (!answer.ok) return answer.text
      const data = isRecord(answer.data) ? answer.data : {}
      const results = formatResults(readResults(data.organic, { title: 'title', link: 'link', snippet: 'snippet' }))
      return withDirectAnswer(directAnswer(data), results)
    })
  },
})
