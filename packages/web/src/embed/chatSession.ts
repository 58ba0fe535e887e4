import { askFlow } from './api'
import { readChatId, saveChatId } from './storage'

export interface WidgetMessage {
  role: 'user' | 'bot'
  text: string
  /** The answer failed; the text says why. */
  error?: boolean
  /** The answer is still arriving. */
  pending?: boolean
}

export interface ChatSession {
  readonly messages: readonly WidgetMessage[]
  readonly busy: boolean
  /** Sends a question; ignored while an answer is arriving or when the text is blank. */
  ask: (question: string) => Promise<void>
  /** Stops the answer that is arriving; what came so far stays. */
  stop: () => void
  /** Calls `listener` after every change; gives back the way to stop listening. */
  subscribe: (listener: () => void) => () => void
}

export interface ChatSessionOptions {
  apiHost: string
  chatflowid: string
  overrideConfig?: Record<string, unknown>
}

const OFFLINE = 'Could not reach the chatbot. Check your connection and try again.'

/** The conversation of one embedded chat: its messages, the answer streaming in, the chat id kept across visits. */
export function createChatSession({ apiHost, chatflowid, overrideConfig }: ChatSessionOptions): ChatSession {
  let messages: WidgetMessage[] = []
  let controller: AbortController | undefined
  const listeners = new Set<() => void>()
  const emit = () => listeners.forEach((listener) => listener())

  const patchLast = (change: (message: WidgetMessage) => Partial<WidgetMessage>) => {
    const last = messages[messages.length - 1]!
    messages = [...messages.slice(0, -1), { ...last, ...change(last) }]
    emit()
  }

  async function ask(question: string): Promise<void> {
    const text = question.trim()
    if (!text || controller) return
    const current = new AbortController()
    controller = current
    messages = [...messages, { role: 'user', text }, { role: 'bot', text: '', pending: true }]
    emit()
    try {
      await askFlow(
        apiHost,
        chatflowid,
        { question: text, chatId: readChatId(chatflowid), ...(overrideConfig ? { overrideConfig } : {}) },
        (event) => {
          if (event.event === 'token') patchLast((message) => ({ text: message.text + event.data }))
          else if (event.event === 'error') patchLast(() => ({ text: event.data, error: true }))
          else if (event.event === 'metadata') saveChatId(chatflowid, event.data.chatId)
        },
        current.signal,
      )
    } catch {
      if (!current.signal.aborted) patchLast(() => ({ text: OFFLINE, error: true }))
    } finally {
      controller = undefined
      patchLast((message) => ({
        pending: false,
        text: message.text || (current.signal.aborted ? 'Stopped.' : 'No answer.'),
      }))
    }
  }

  return {
    get messages() {
      return messages
    },
    get busy() {
      return controller !== undefined
    },
    ask,
    stop: () => controller?.abort(),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
