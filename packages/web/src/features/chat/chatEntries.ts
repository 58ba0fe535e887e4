import {
  followUpPromptsOf,
  type ChatMessage,
  type ChatTurn,
  type HumanInputAction,
  type HumanInputAnswer,
  type RunEvent,
  type SourceDocument,
  type UsedTool,
} from '@weft/core'

/** One message as the chat shows it: a question, or an answer that may still be arriving. */
export interface ChatEntry {
  id: string
  role: 'userMessage' | 'apiMessage'
  content: string
  /** The stored answer's id, known once the run reports it; feedback refers to it. */
  messageId?: string
  sourceDocuments?: SourceDocument[]
  usedTools?: UsedTool[]
  /** Why the answer failed, shown in an error style. */
  error?: string
  /** Questions to ask next, offered under the newest answer. */
  followUpPrompts?: string[]
  status?: 'streaming' | 'stopped'
  /** Agentflows: the run paused at a Human Input step and waits for the user to proceed or reject. */
  action?: HumanInputAction
  /** The user's answer to `action`, once given: it is not offered again. */
  actionAnswer?: HumanInputAnswer['type']
}

let counter = 0
const localId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`

export const questionEntry = (content: string): ChatEntry => ({ id: localId('q'), role: 'userMessage', content })

export const pendingAnswer = (): ChatEntry => ({
  id: localId('a'),
  role: 'apiMessage',
  content: '',
  status: 'streaming',
})

/** A note from the chat itself (welcome, lead thanks): shown as the bot's, never sent as history. */
export const noteEntry = (id: string, content: string): ChatEntry => ({ id, role: 'apiMessage', content })

/** The answer after one event of its run. */
export function withRunEvent(entry: ChatEntry, event: RunEvent): ChatEntry {
  switch (event.event) {
    case 'token':
      return { ...entry, content: entry.content + event.data }
    case 'sourceDocuments':
      return { ...entry, sourceDocuments: event.data }
    case 'usedTools':
      return { ...entry, usedTools: [...(entry.usedTools ?? []), ...event.data] }
    case 'metadata': {
      const followUpPrompts = followUpPromptsOf(event.data.followUpPrompts)
      return { ...entry, messageId: event.data.chatMessageId, ...(followUpPrompts.length ? { followUpPrompts } : {}) }
    }
    case 'error':
      return { ...entry, error: event.data }
    case 'action':
      return { ...entry, action: event.data }
    default:
      // start, end, and events this chat does not draw (an agentflow's progress) change nothing.
      return entry
  }
}

/** How the user's answer to a Human Input step shows as their message: "Proceed", or "Reject: <feedback>". */
export function humanInputChoiceText(type: HumanInputAnswer['type'], feedback?: string): string {
  const choice = type === 'proceed' ? 'Proceed' : 'Reject'
  return feedback ? `${choice}: ${feedback}` : choice
}

/** The answer once its run is over: finished, stopped by the user, or failed with `error`. */
export function finishedAnswer(entry: ChatEntry, outcome: 'done' | 'stopped' | { error: string }): ChatEntry {
  const { status: _status, ...rest } = entry
  if (outcome === 'done') return rest
  if (outcome === 'stopped') return { ...rest, status: 'stopped' }
  return { ...rest, error: outcome.error }
}

/**
 * How a stored answer that is not complete shows: a failed or interrupted one holds the reason in
 * its content and shows it as an error; a stopped one keeps what had arrived.
 */
function storedAnswerState(message: ChatMessage): Partial<ChatEntry> {
  switch (message.status) {
    case 'failed':
    case 'interrupted':
      return { content: '', error: message.content }
    case 'stopped':
      return { status: 'stopped' }
    case 'inProgress':
      return { status: 'streaming' }
    default:
      return {}
  }
}

/** Stored messages as chat entries; a stored answer's id is the id feedback refers to. */
export const entriesOfMessages = (messages: readonly ChatMessage[]): ChatEntry[] =>
  messages.map((message) => ({
    id: message.id,
    role: message.role,
    content: message.content,
    ...(message.role === 'apiMessage' ? { messageId: message.id, ...storedAnswerState(message) } : {}),
    ...(message.sourceDocuments?.length ? { sourceDocuments: message.sourceDocuments } : {}),
    ...(message.usedTools?.length ? { usedTools: message.usedTools } : {}),
    ...(message.followUpPrompts ? { followUpPrompts: followUpPromptsOf(message.followUpPrompts) } : {}),
  }))

/** Earlier turns sent with a question: failed and empty answers are left out. */
export const historyOf = (entries: readonly ChatEntry[]): ChatTurn[] =>
  entries
    .filter((entry) => entry.content !== '' && !entry.error && entry.status !== 'streaming')
    .map((entry) => ({ role: entry.role, content: entry.content }))

/** The questions offered under the newest answer, once it arrived whole. */
export function offeredFollowUps(entries: readonly ChatEntry[]): string[] {
  const last = entries.at(-1)
  return last?.role === 'apiMessage' && last.status === undefined && !last.error ? (last.followUpPrompts ?? []) : []
}
