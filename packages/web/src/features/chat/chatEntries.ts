import {
  followUpPromptsOf,
  readFileUploads,
  storedFileName,
  type ChatMessage,
  type ChatTurn,
  type HumanInputAction,
  type HumanInputAnswer,
  type RunEvent,
  type SourceDocument,
  type Upload,
  type UsedTool,
} from '@weft/core'
import { uploadFileUrl } from '../../api/uploadFiles'

/** An image a question carried, as the chat shows it: from the question's data, or as the server keeps it. */
export interface ChatImage {
  name: string
  src: string
}

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
  /** The images a question carried. */
  images?: ChatImage[]
}

let counter = 0
const localId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`

export const questionEntry = (content: string, images: ChatImage[] = []): ChatEntry => ({
  id: localId('q'),
  role: 'userMessage',
  content,
  ...(images.length > 0 ? { images } : {}),
})

export const isImageUpload = (upload: Upload) =>
  upload.type === 'url' || (upload.type === 'file' && upload.mime.startsWith('image/'))

/** The images among a question's uploads, shown from their own data (or address) until the server keeps them. */
export const imagesOfUploads = (uploads: readonly Upload[]): ChatImage[] =>
  uploads.filter(isImageUpload).map((upload) => ({ name: upload.name, src: upload.data }))

/**
 * The images of a question once its chat is known: each image sent as data is then loaded from
 * the server, under the name it was kept (so the browser need not keep the data).
 */
export const keptImages = (images: readonly ChatImage[], flowId: string, chatId: string, apiHost = ''): ChatImage[] =>
  images.map((image) =>
    image.src.startsWith('data:')
      ? { ...image, src: uploadFileUrl(flowId, chatId, storedFileName(image.name) ?? image.name, apiHost) }
      : image,
  )

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
    ...imagesOfMessage(message),
  }))

/** The images a stored question carried (Flowise's `fileUploads`), loaded from the server or their address. */
function imagesOfMessage(message: ChatMessage): Pick<ChatEntry, 'images'> {
  const images = readFileUploads(message.fileUploads)
    .filter((file) => file.mime.startsWith('image/'))
    .map((file) => ({
      name: file.name,
      src: file.type === 'url' && file.data ? file.data : uploadFileUrl(message.chatflowid, message.chatId, file.name),
    }))
  return images.length > 0 ? { images } : {}
}

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
