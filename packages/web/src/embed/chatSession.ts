import type { FeedbackRating, Upload } from '@weft/core'
import {
  finishedAnswer,
  imagesOfUploads,
  keptImages,
  pendingAnswer,
  questionEntry,
  withRunEvent,
  type ChatEntry,
} from '../features/chat/chatEntries'
import { readStoredChat, writeStoredChat } from '../features/chat/chatStorage'
import { askFlow, rateAnswer, UNREACHABLE } from './api'

export interface ChatSession {
  /** The conversation, as the chatbot page keeps it: questions and answers, the newest arriving. */
  readonly entries: readonly ChatEntry[]
  readonly busy: boolean
  /** How each answer was rated, by its message id. */
  readonly ratings: Readonly<Record<string, FeedbackRating>>
  /** Sends a question (with images); ignored while an answer is arriving or when there is nothing to send. */
  ask: (question: string, uploads?: Upload[]) => Promise<void>
  /** Stops the answer that is arriving; what came so far stays. */
  stop: () => void
  /** Forgets the conversation here and starts a new one. */
  clear: () => void
  /** Rates an answer with a thumb; a later rating changes the first. */
  rate: (messageId: string, rating: FeedbackRating) => Promise<void>
  /** Calls `listener` after every change; gives back the way to stop listening. */
  subscribe: (listener: () => void) => () => void
}

export interface ChatSessionOptions {
  apiHost: string
  chatflowid: string
  overrideConfig?: Record<string, unknown>
}

/**
 * The conversation of one embedded chat: its entries, the answer streaming in, and the chat kept in
 * this browser across visits under `<chatflowid>_EXTERNAL`, in the same shape as the chatbot page.
 */
export function createChatSession({ apiHost, chatflowid, overrideConfig }: ChatSessionOptions): ChatSession {
  const stored = readStoredChat(chatflowid, 'EXTERNAL')
  let chatId = stored.chatId
  let entries: ChatEntry[] = Array.isArray(stored.chatHistory) ? stored.chatHistory : []
  let ratings: Record<string, FeedbackRating> = {}
  const feedbackIds: Record<string, string> = {}
  let controller: AbortController | undefined
  const listeners = new Set<() => void>()
  const emit = () => listeners.forEach((listener) => listener())

  const update = (id: string, change: (entry: ChatEntry) => ChatEntry) => {
    entries = entries.map((entry) => (entry.id === id ? change(entry) : entry))
    emit()
  }

  async function ask(question: string, uploads: Upload[] = []): Promise<void> {
    const text = question.trim()
    if ((!text && uploads.length === 0) || controller) return
    const current = new AbortController()
    controller = current
    const answer = pendingAnswer()
    const asked = questionEntry(text, imagesOfUploads(uploads))
    entries = [...entries, asked, answer]
    emit()
    let outcome: Parameters<typeof finishedAnswer>[1] = 'done'
    try {
      await askFlow(
        apiHost,
        chatflowid,
        {
          question: text,
          ...(uploads.length > 0 ? { uploads } : {}),
          ...(chatId ? { chatId } : {}),
          ...(overrideConfig ? { overrideConfig } : {}),
        },
        (event) => {
          update(answer.id, (entry) => withRunEvent(entry, event))
          if (event.event === 'metadata' && event.data.chatId) chatId = event.data.chatId
          // The server has kept the images: they load from it, and the browser keeps no image data.
          if (event.event === 'metadata' && asked.images && chatId) {
            const images = keptImages(asked.images, chatflowid, chatId, apiHost.replace(/\/+$/, ''))
            update(asked.id, (entry) => ({ ...entry, images }))
          }
        },
        current.signal,
      )
    } catch {
      outcome = { error: UNREACHABLE }
    } finally {
      if (current.signal.aborted) outcome = 'stopped'
      controller = undefined
      update(answer.id, (entry) => finishedAnswer(entry, outcome))
      // Images the server never kept (the run failed first) are not kept here either: no data in storage.
      update(asked.id, ({ images, ...entry }) => {
        const kept = images?.filter((image) => !image.src.startsWith('data:')) ?? []
        return kept.length > 0 ? { ...entry, images: kept } : entry
      })
      writeStoredChat(chatflowid, 'EXTERNAL', { chatId, chatHistory: entries })
    }
  }

  async function rate(messageId: string, rating: FeedbackRating): Promise<void> {
    if (!chatId) return
    try {
      feedbackIds[messageId] = await rateAnswer(
        apiHost,
        { chatflowid, chatId, messageId },
        rating,
        feedbackIds[messageId],
      )
      ratings = { ...ratings, [messageId]: rating }
      emit()
    } catch {
      // The thumb stays as it was: nothing was recorded.
    }
  }

  return {
    get entries() {
      return entries
    },
    get busy() {
      return controller !== undefined
    },
    get ratings() {
      return ratings
    },
    ask,
    stop: () => controller?.abort(),
    clear() {
      controller?.abort()
      chatId = undefined
      entries = []
      ratings = {}
      writeStoredChat(chatflowid, 'EXTERNAL', { chatId: undefined, chatHistory: undefined })
      emit()
    },
    rate,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
