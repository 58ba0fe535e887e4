import { readRunEvents } from '../api/readRunEvents'
import {
  eventsOfAnswer,
  type ChatbotConfig,
  type FeedbackRating,
  type PredictionRequest,
  type PredictionResponse,
  type RunEvent,
} from '@weft/core'

const url = (apiHost: string, path: string) => `${apiHost.replace(/\/+$/, '')}/api/v1/${path}`
const endpoint = (apiHost: string, path: string, chatflowid: string) =>
  url(apiHost, `${path}/${encodeURIComponent(chatflowid)}`)

/** What the widget learns before drawing: the flow's chatbot config and name, or why it cannot chat. */
export type ChatbotSetup = { config: ChatbotConfig; flowName?: string } | { problem: string }

export const NOT_PUBLIC = 'This chatbot is not public: its owner has not shared it with this site.'
export const UNREACHABLE = 'Could not reach the chatbot. Check your connection and try again.'

async function getJson<T>(address: string): Promise<{ status: number; body?: T }> {
  const response = await fetch(address)
  return { status: response.status, ...(response.ok ? { body: (await response.json()) as T } : {}) }
}

/** The flow's chatbot config and name; a flow that is not public (or not this site's) says so. */
export async function fetchChatbotSetup(apiHost: string, chatflowid: string): Promise<ChatbotSetup> {
  try {
    const [config, flow] = await Promise.all([
      getJson<ChatbotConfig>(endpoint(apiHost, 'public-chatbotConfig', chatflowid)),
      getJson<{ name?: string }>(endpoint(apiHost, 'public-chatflows', chatflowid)).catch(() => ({ status: 0 })),
    ])
    if (!config.body) return { problem: [401, 403, 404].includes(config.status) ? NOT_PUBLIC : UNREACHABLE }
    const flowName = 'body' in flow && typeof flow.body?.name === 'string' ? flow.body.name : undefined
    return { config: config.body, ...(flowName ? { flowName } : {}) }
  } catch {
    return { problem: UNREACHABLE }
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

export interface FeedbackTarget {
  chatflowid: string
  chatId: string
  messageId: string
}

/** Rates an answer: a first rating creates the feedback, a later one (given its id) changes it. Answers its id. */
export async function rateAnswer(
  apiHost: string,
  target: FeedbackTarget,
  rating: FeedbackRating,
  feedbackId?: string,
): Promise<string> {
  const response = await fetch(url(apiHost, feedbackId ? `feedback/${encodeURIComponent(feedbackId)}` : 'feedback'), {
    method: feedbackId ? 'PUT' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(feedbackId ? { rating } : { ...target, rating, content: '' }),
  })
  if (!response.ok) throw new Error(await failureMessage(response))
  return ((await response.json()) as { id: string }).id
}
