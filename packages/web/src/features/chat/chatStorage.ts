import type { ChatType } from '@weft/core'
import type { ChatEntry } from './chatEntries'

/** Contact details a chatbot asked for, kept so it asks only once. */
export interface StoredLead {
  name?: string
  email?: string
  phone?: string
}

/**
 * What the browser keeps per flow and side (SPEC §3: `<flowId>_INTERNAL` for the canvas chat,
 * `<flowId>_EXTERNAL` for the public chatbot). The public chatbot cannot read stored messages from
 * the server without a session, so it keeps its conversation here too.
 */
export interface StoredChat {
  chatId?: string
  lead?: StoredLead
  chatHistory?: ChatEntry[]
}

export const chatStorageKey = (flowId: string, type: ChatType) => `${flowId}_${type}`

export function readStoredChat(flowId: string, type: ChatType): StoredChat {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(chatStorageKey(flowId, type)) ?? '{}')
    return typeof parsed === 'object' && parsed !== null ? (parsed as StoredChat) : {}
  } catch {
    // A value another version wrote, or a hand edit: start afresh rather than fail the chat.
    return {}
  }
}

/** Merges `changes` into what is stored; a field set to undefined is removed. */
export function writeStoredChat(flowId: string, type: ChatType, changes: Partial<StoredChat>): StoredChat {
  const next = { ...readStoredChat(flowId, type), ...changes }
  try {
    localStorage.setItem(chatStorageKey(flowId, type), JSON.stringify(next))
  } catch {
    // Storage full or disabled: the chat still works for this visit.
  }
  return next
}

export const newChatId = () => crypto.randomUUID()
