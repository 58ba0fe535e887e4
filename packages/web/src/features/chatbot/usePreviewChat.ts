import type { FeedbackRating } from '@weft/core'
import { useMemo, useState } from 'react'
import { noteEntry, questionEntry, type ChatEntry } from '../chat/chatEntries'
import type { StoredLead } from '../chat/chatStorage'
import type { FeedbackActions } from '../chat/FeedbackButtons'
import type { ChatSession } from '../chat/useChatSession'
import type { GivenFeedback } from '../chat/useChatFeedback'

export const PREVIEW_ANSWER = 'This is a preview: once the settings are saved, the flow answers here.'

let answers = 0

/**
 * A conversation that stays in the configuration preview: it asks nothing and stores nothing, so
 * the owner can see a question, an answer, the thumbs and the lead form in the chatbot's colours.
 */
export function usePreviewChat(): { session: ChatSession; feedback: FeedbackActions } {
  const [entries, setEntries] = useState<ChatEntry[]>([])
  const [lead, setLead] = useState<StoredLead>()
  const [given, setGiven] = useState<Record<string, GivenFeedback>>({})

  const session: ChatSession = {
    entries,
    loading: false,
    loadError: undefined,
    running: false,
    chatId: undefined,
    lead,
    send: async (question: string) => {
      const id = `preview-answer-${answers++}`
      setEntries((current) => [
        ...current,
        questionEntry(question.trim()),
        { ...noteEntry(id, PREVIEW_ANSWER), messageId: id },
      ])
    },
    stop: () => undefined,
    clear: async () => setEntries([]),
    saveLead: async (details: StoredLead) => setLead(details),
  }
  const feedback = useMemo<FeedbackActions>(
    () => ({
      given,
      rate: async (messageId: string, rating: FeedbackRating) => {
        const rated = { id: messageId, rating }
        setGiven((current) => ({ ...current, [messageId]: rated }))
        return rated
      },
      comment: async () => undefined,
    }),
    [given],
  )
  return { session, feedback }
}
