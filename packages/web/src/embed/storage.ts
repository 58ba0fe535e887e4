// The conversation continues across page loads under the same key the public chatbot page uses.
const keyOf = (chatflowid: string) => `${chatflowid}_EXTERNAL`

export function readChatId(chatflowid: string): string | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(chatflowid)) ?? '{}') as { chatId?: unknown }
    return typeof stored.chatId === 'string' ? stored.chatId : undefined
  } catch {
    return undefined
  }
}

/** Saves the chat id, keeping whatever else the key holds (the lead, on the chatbot page). */
export function saveChatId(chatflowid: string, chatId: string | undefined): void {
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(chatflowid)) ?? '{}') as Record<string, unknown>
    localStorage.setItem(keyOf(chatflowid), JSON.stringify({ ...stored, chatId }))
  } catch {
    // Storage can be blocked (private mode, third-party frames): the chat then lasts one page load.
  }
}
