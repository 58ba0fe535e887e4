import type { FeedbackRating } from '@weft/core'
import { errorMessage } from '@weft/core'
import { useMemo, useState } from 'react'
import { sendFeedback, sendPublicFeedback, updateFeedback, updatePublicFeedback } from '../../api/prediction'
import { notify } from '../../components/notifications/notify'
import type { FeedbackActions } from './FeedbackButtons'

export interface GivenFeedback {
  id: string
  rating: FeedbackRating
}

/**
 * Thumbs on answers: the first rating creates the feedback, a later one or a comment updates it.
 * The actions keep their identity while nothing is rated, so streaming redraws only the new answer.
 * The public chatbot (`external`) sends them without the signed-in client.
 */
export function useChatFeedback(flowId: string, chatId: string | undefined, external = false): FeedbackActions {
  const [given, setGiven] = useState<Record<string, GivenFeedback>>({})

  return useMemo(() => {
    const send = external ? sendPublicFeedback : sendFeedback
    const update = external ? updatePublicFeedback : updateFeedback

    async function rate(messageId: string, rating: FeedbackRating) {
      if (!chatId) return undefined
      try {
        const earlier = given[messageId]
        const saved = earlier
          ? await update(earlier.id, { rating })
          : await send({ chatflowid: flowId, chatId, messageId, rating, content: '' })
        const feedback = { id: saved.id, rating }
        setGiven((current) => ({ ...current, [messageId]: feedback }))
        return feedback
      } catch (error) {
        notify(errorMessage(error), 'error')
        return undefined
      }
    }

    async function comment(feedbackId: string, content: string) {
      try {
        await update(feedbackId, { content })
        notify('Thanks for your feedback', 'success')
      } catch (error) {
        notify(errorMessage(error), 'error')
      }
    }

    return { given, rate, comment }
  }, [flowId, chatId, given, external])
}
