import type { ChatMessage, ChatSource } from '../types/run.js'

/** Every source a stored message can name, in the order View Messages offers them. */
export const CHAT_SOURCES = ['ui', 'api', 'embed'] as const satisfies readonly ChatSource[]

/**
 * Where a run was asked from: the canvas (`/internal-prediction`), else a browser when the request
 * carries an Origin (browsers always send one on POST: the public chatbot page and the embed widget),
 * else a plain API call (curl, SDKs).
 */
export function chatSourceOf(call: { internal: boolean; origin?: string | undefined }): ChatSource {
  if (call.internal) return 'ui'
  return call.origin ? 'embed' : 'api'
}

/**
 * A stored message's source; messages stored before Weft kept it are `ui` when asked from the canvas,
 * and null (API or embed, no telling which) otherwise.
 */
export const messageSourceOf = (message: Pick<ChatMessage, 'chatType' | 'source'>): ChatSource | null =>
  message.source ?? (message.chatType === 'INTERNAL' ? 'ui' : null)

const LABELS: Record<ChatSource, string> = { ui: 'UI', api: 'API', embed: 'Embed' }

/** How View Messages and its export name a source; null (an old message) is Flowise's "API/Embed". */
export const chatSourceLabel = (source: ChatSource | null): string => (source ? LABELS[source] : 'API/Embed')
