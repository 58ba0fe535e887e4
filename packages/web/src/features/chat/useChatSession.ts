import { useQuery } from '@tanstack/react-query'
import type {
  ChatbotConfig,
  ChatType,
  HumanInputAnswer,
  PredictionRequest,
  RunEvent,
  Upload,
  UploadsConfig,
} from '@weft/core'
import { errorMessage } from '@weft/core'
import { useEffect, useMemo, useRef, useState } from 'react'
import { deleteChatMessages, getChatMessages } from '../../api/chatMessages'
import { createLead, getStreamingFlag, predictionUrl, publicChatbotConfigQuery } from '../../api/prediction'
import { askedText, VOICE_MESSAGE } from './askedText'
import {
  entriesOfMessages,
  finishedAnswer,
  historyOf,
  humanInputChoiceText,
  imagesOfUploads,
  keptImages,
  pendingAnswer,
  questionEntry,
  withRunEvent,
  type ChatEntry,
} from './chatEntries'
import { newChatId, readStoredChat, writeStoredChat, type StoredLead } from './chatStorage'
import { PredictionStopped, streamPrediction, type PredictionCall } from './streamPrediction'
import { withFreshSession } from './withFreshSession'

/** Who else follows the runs of a chat: the canvas lights up the steps of an agentflow as they run. */
export interface RunObserver {
  /** A new question was asked (not a paused run resumed): the last run's marks no longer apply. */
  onQuestion?: () => void
  onEvent?: (event: RunEvent) => void
  /** The run is over: answered, paused, stopped or failed. */
  onEnd?: () => void
}

/**
 * One conversation with a flow: the canvas chat (INTERNAL: signed in, history stored on the
 * server) or the public chatbot (EXTERNAL: anyone, history kept in this browser). Keeps the chat id
 * and lead under `<flowId>_<type>` in local storage, asks with streaming, and stops on demand.
 */
export function useChatSession(flowId: string, type: ChatType, observer?: RunObserver) {
  const internal = type === 'INTERNAL'
  const [stored, setStored] = useState(() => readStoredChat(flowId, type))
  // The conversation shown on opening; cleared once the user starts a new one.
  const [openedChatId, setOpenedChatId] = useState(() => (internal ? stored.chatId : undefined))
  const [local, setLocal] = useState<ChatEntry[]>(() => (internal ? [] : (stored.chatHistory ?? [])))
  const [running, setRunning] = useState(false)
  const controller = useRef<AbortController | null>(null)

  const history = useQuery({
    queryKey: ['chatMessages', flowId, openedChatId],
    queryFn: () => getChatMessages(flowId, openedChatId!),
    enabled: openedChatId !== undefined,
  })
  const streamingFlag = useQuery({ queryKey: ['chatflowStreaming', flowId], queryFn: () => getStreamingFlag(flowId) })
  const streaming = streamingFlag.data?.isStreaming ?? true
  // What the chat may send besides text (the server checks every upload again). The canvas asks
  // afresh each time it opens, so a setting just saved shows.
  const uploadsConfig = useQuery({
    ...publicChatbotConfigQuery(flowId),
    ...(internal ? { staleTime: 0 } : {}),
    select: (config: ChatbotConfig) => config.uploads,
  })

  const entries = useMemo(
    () => [...(openedChatId && history.data ? entriesOfMessages(history.data) : []), ...local],
    [openedChatId, history.data, local],
  )

  useEffect(() => {
    if (!internal && !running) writeStoredChat(flowId, type, { chatHistory: local })
  }, [internal, running, flowId, type, local])

  // Closing the chat (or leaving the page) stops a run that is still answering.
  useEffect(() => () => controller.current?.abort(), [])

  const remember = (changes: Parameters<typeof writeStoredChat>[2]) => setStored(writeStoredChat(flowId, type, changes))

  /** Asks the flow, showing `asked` as the user's message and the answer as it arrives. */
  async function ask(asked: ChatEntry, request: Pick<PredictionRequest, 'question' | 'uploads' | 'humanInput'>) {
    let chatId = stored.chatId
    if (!chatId) {
      chatId = newChatId()
      remember({ chatId })
    }
    const answer = pendingAnswer()
    const update = (change: (entry: ChatEntry) => ChatEntry) =>
      setLocal((current) => current.map((entry) => (entry.id === answer.id ? change(entry) : entry)))
    const abort = new AbortController()
    const call: PredictionCall = {
      url: predictionUrl(flowId, internal),
      ...(internal ? { headers: { 'x-request-from': 'internal' } } : {}),
      signal: abort.signal,
      body: {
        ...request,
        streaming,
        chatId,
        history: historyOf(entries),
        ...(stored.lead?.email ? { leadEmail: stored.lead.email } : {}),
      },
      onEvent: (event) => {
        update((entry) => withRunEvent(entry, event))
        observer?.onEvent?.(event)
        if (event.event === 'metadata' && event.data.chatId && event.data.chatId !== chatId)
          remember({ chatId: event.data.chatId })
        // The server has kept the question's images: they load from it from now on.
        if (event.event === 'metadata' && asked.images) {
          const images = keptImages(asked.images, flowId, event.data.chatId ?? chatId)
          setLocal((current) => current.map((entry) => (entry.id === asked.id ? { ...entry, images } : entry)))
        }
        // A voice message shows as the words the server heard.
        if (event.event === 'metadata' && asked.content === VOICE_MESSAGE && event.data.question) {
          const heard = event.data.question
          setLocal((current) => current.map((entry) => (entry.id === asked.id ? { ...entry, content: heard } : entry)))
        }
      },
    }
    controller.current = abort
    setLocal((current) => [...current, asked, answer])
    setRunning(true)
    try {
      await (internal
        ? withFreshSession(
            () => streamPrediction(call),
            () => getChatMessages(flowId, chatId),
          )
        : streamPrediction(call))
      update((entry) => finishedAnswer(entry, 'done'))
    } catch (error) {
      update((entry) =>
        finishedAnswer(entry, error instanceof PredictionStopped ? 'stopped' : { error: errorMessage(error) }),
      )
    } finally {
      controller.current = null
      setRunning(false)
      observer?.onEnd?.()
    }
  }

  async function send(question: string, uploads: Upload[] = []) {
    const text = question.trim()
    if ((!text && uploads.length === 0) || controller.current) return
    observer?.onQuestion?.()
    await ask(questionEntry(askedText(text, uploads), imagesOfUploads(uploads)), {
      question: text,
      ...(uploads.length > 0 ? { uploads } : {}),
    })
  }

  /**
   * Answers the Human Input step the answer `entryId` paused at: resumes the run in this chat,
   * showing the choice (and feedback) as the user's message. The question is the feedback, if any.
   */
  async function answerHumanInput(entryId: string, type: HumanInputAnswer['type'], feedback = '') {
    const action = entries.find((entry) => entry.id === entryId && !entry.actionAnswer)?.action
    if (!action || controller.current) return
    const given = feedback.trim()
    setLocal((current) => current.map((entry) => (entry.id === entryId ? { ...entry, actionAnswer: type } : entry)))
    await ask(questionEntry(humanInputChoiceText(type, given)), {
      question: given,
      humanInput: { type, startNodeId: action.data.nodeId, ...(given ? { feedback: given } : {}) },
    })
  }

  /** Deletes the stored conversation (canvas) and starts a new one under a new chat id. */
  async function clear() {
    controller.current?.abort()
    if (internal && stored.chatId) await deleteChatMessages(flowId, stored.chatId)
    remember({ chatId: newChatId(), chatHistory: undefined })
    setOpenedChatId(undefined)
    setLocal([])
  }

  async function saveLead(lead: StoredLead) {
    const chatId = stored.chatId ?? newChatId()
    await createLead({ chatflowid: flowId, chatId, ...lead })
    remember({ chatId, lead })
  }

  return {
    entries,
    loading: history.isLoading,
    loadError: history.isError ? errorMessage(history.error) : undefined,
    running,
    chatId: stored.chatId,
    lead: stored.lead,
    send,
    answerHumanInput,
    /** What the chat may send besides text; undefined until known (or unknown: text only). */
    uploads: uploadsConfig.data,
    stop: () => controller.current?.abort(),
    clear,
    saveLead,
  }
}

// What a chat may send is optional: a preview or a stand-in session takes text only.
// Nor can every session answer a paused agentflow run: a preview has none to answer.
export type ChatSession = Omit<ReturnType<typeof useChatSession>, 'uploads' | 'answerHumanInput'> & {
  uploads?: UploadsConfig
  answerHumanInput?: ReturnType<typeof useChatSession>['answerHumanInput']
}
