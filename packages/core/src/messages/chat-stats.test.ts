import { describe, expect, it } from 'vitest'
import { chatStats } from './chat-stats.js'
import { feedbackOn, storedMessage } from './test-messages.js'

describe('chatStats', () => {
  it('counts messages, feedback, positive feedback and sessions', () => {
    const messages = [
      storedMessage({ chatId: 'a' }),
      storedMessage({ chatId: 'a', role: 'apiMessage', feedback: feedbackOn('x', 'THUMBS_UP') }),
      storedMessage({ chatId: 'b' }),
      storedMessage({ chatId: 'b', role: 'apiMessage', feedback: feedbackOn('y', 'THUMBS_DOWN') }),
      storedMessage({ chatId: 'b', role: 'apiMessage', feedback: null }),
    ]
    expect(chatStats(messages)).toEqual({ totalMessages: 5, totalFeedback: 2, positiveFeedback: 1, totalSessions: 2 })
  })

  it('counts zero of everything for no messages', () => {
    expect(chatStats([])).toEqual({ totalMessages: 0, totalFeedback: 0, positiveFeedback: 0, totalSessions: 0 })
  })
})
