// Flowise's clients name a conversation two ways: `chatId` at the top of the request, and
// `overrideConfig.sessionId` (flowise-sdk and flowise-embed send both, the API samples the second).
// Both are run options, not node parameters, so the override allow-list never sees `sessionId`.

/** The conversation a call belongs to: its chat, and the session whose memory it reads. */
export interface RunSession {
  /** Set when the caller named the conversation; a new chat gets a fresh id from the server. */
  chatId: string | undefined
  sessionId: string | undefined
  /** `overrideConfig` without the run options, as the override check and the engine see it. */
  overrideConfig: Record<string, unknown> | undefined
}

const named = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

/**
 * Reads the conversation of a call as Flowise does: `chatId` first, else `overrideConfig.sessionId`;
 * memory follows `overrideConfig.sessionId`, else the chat id.
 */
export function runSessionOf(request: { chatId?: string; overrideConfig?: Record<string, unknown> }): RunSession {
  const { sessionId: sent, ...rest } = request.overrideConfig ?? {}
  const sessionId = named(sent)
  const chatId = named(request.chatId) ?? sessionId
  return {
    chatId,
    sessionId: sessionId ?? chatId,
    overrideConfig: request.overrideConfig === undefined ? undefined : rest,
  }
}
