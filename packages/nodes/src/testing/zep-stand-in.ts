import { sendJson } from './mock-http.js'
import { startLoopbackApi, type LoopbackApi } from './loopback-api.js'

/**
 * A stand-in for Zep's open-source server on 127.0.0.1, with the two endpoints Zep Memory uses:
 * `GET /api/v1/sessions/:id/memory?lastn=N` (404 for an unknown session; the last N messages and the
 * session's summary) and `POST /api/v1/sessions/:id/memory` ({ messages }). With `apiKey`, a request
 * without `Authorization: Bearer <apiKey>` answers 401.
 */
export interface ZepStandIn extends LoopbackApi {
  sessions: Map<string, { role: string; role_type?: string; content: string }[]>
  summaries: Map<string, string>
}

export async function startZepStandIn(apiKey?: string): Promise<ZepStandIn> {
  const sessions: ZepStandIn['sessions'] = new Map()
  const summaries = new Map<string, string>()
  const api = await startLoopbackApi((request, res) => {
    const url = new URL(request.url, 'http://zep')
    const match = /^\/api\/v1\/sessions\/([^/]+)\/memory$/.exec(url.pathname)
    if (apiKey && request.headers.authorization !== `Bearer ${apiKey}`)
      return sendJson(res, 401, { message: 'unauthorized' })
    if (!match) return sendJson(res, 404, { message: 'not found' })
    const id = decodeURIComponent(match[1]!)
    if (request.method === 'POST') {
      const { messages } = JSON.parse(request.body) as { messages: { role: string; content: string }[] }
      sessions.set(id, [...(sessions.get(id) ?? []), ...messages])
      return sendJson(res, 200, { message: 'OK' })
    }
    const messages = sessions.get(id)
    if (!messages) return sendJson(res, 404, { message: 'not found' })
    const lastN = Number(url.searchParams.get('lastn') ?? messages.length)
    const summary = summaries.get(id)
    return sendJson(res, 200, {
      messages: messages.slice(-lastN),
      ...(summary ? { summary: { content: summary } } : {}),
    })
  })
  return { ...api, sessions, summaries }
}
