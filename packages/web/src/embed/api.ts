import { readRunEvents } from '../api/readRunEvents'
import {
  eventsOfAnswer,
  type ChatbotConfig,
  type PredictionRequest,
  type PredictionResponse,
  type RunEvent,
} from '@weft/core'

const endpoint = (apiHost: string, path: string, chatflowid: string) =>
  `${apiHost.replace(/\/+$/, '')}/api/v1/${path}/${encodeURIComponent(chatflowid)}`

/** The flow's chatbot appearance; none when the flow is not public or the server is out of reach. */
export async function fetchChatbotConfig(apiHost: string, chatflowid: string): Promise<ChatbotConfig> {
  try {
    const response = await fetch(endpoint(apiHost, 'public-chatbotConfig', chatflowid))
    return response.ok ? ((await response.json()) as ChatbotConfig) : {}
  } catch {
    return {}
  }
}

async function failureMessage(response: Response): Promise<string> {
  const text = await response.text()
  try {
    const body = JSON.parse(text) as { message?: unknown }
    if (typeof body.message === 'string') return body.message
  } catch {
    // Not JSON: the text itself says what went wrong.
  }
  return text || `The server answered ${response.status}`
}

/**
 * Asks the flow a question with streaming on and hands each run event to `onEvent` as it arrives.
 * A server that answers JSON instead (a flow that cannot stream) gets its answer turned into the
 * same events, so callers handle one shape.
 */
export async function askFlow(
  apiHost: string,
  chatflowid: string,
  request: PredictionRequest,
  onEvent: (event: RunEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await fetch(endpoint(apiHost, 'prediction', chatflowid), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...request, streaming: true }),
    signal,
  })
  if (!response.ok) {
    onEvent({ event: 'error', data: await failureMessage(response) })
    return
  }
  if (!response.headers.get('content-type')?.includes('text/event-stream') || !response.body) {
    eventsOfAnswer((await response.json()) as PredictionResponse).forEach(onEvent)
    return
  }
  await readRunEvents(response, onEvent, signal)
}
