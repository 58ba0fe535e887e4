import { describe, expect, it } from 'vitest'
import { groupChatSessions } from './chat-sessions.js'
import { storedMessage } from './test-messages.js'

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`

describe('groupChatSessions', () => {
  it('groups messages by session, the most recently active conversation first, each oldest first', () => {
    const messages = [
      storedMessage({ chatId: 'a', role: 'apiMessage', content: 'Hello!', createdDate: at(2) }),
      storedMessage({ chatId: 'b', content: 'Second chat', createdDate: at(3), chatType: 'EXTERNAL' }),
      storedMessage({ chatId: 'a', content: 'Hi', createdDate: at(1), leadEmail: 'grace@example.com' }),
      storedMessage({ chatId: 'a', content: 'Again', createdDate: at(5) }),
    ]
    const sessions = groupChatSessions(messages)
    expect(sessions.map((s) => [s.key, s.messageCount, s.firstQuestion, s.lastDate])).toEqual([
      ['a', 3, 'Hi', at(5)],
      ['b', 1, 'Second chat', at(3)],
    ])
    expect(sessions[0]!.messages.map((m) => m.content)).toEqual(['Hi', 'Hello!', 'Again'])
    expect(sessions[0]).toMatchObject({ chatId: 'a', sessionId: 'a', leadEmail: 'grace@example.com', firstDate: at(1) })
    expect(sessions[1]!.chatTypes).toEqual(['EXTERNAL'])
  })

  it('keeps the calls of one session together though each had its own chat id', () => {
    const sessions = groupChatSessions([
      storedMessage({ chatId: 'x1', sessionId: 'user-42', createdDate: at(1) }),
      storedMessage({ chatId: 'x2', sessionId: 'user-42', createdDate: at(2), chatType: 'EXTERNAL' }),
      storedMessage({ chatId: 'x3', sessionId: null, createdDate: at(3) }),
    ])
    expect(sessions.map((s) => [s.key, s.messageCount])).toEqual([
      ['x3', 1],
      ['user-42', 2],
    ])
    expect(sessions[1]!.chatTypes).toEqual(['INTERNAL', 'EXTERNAL'])
    expect(sessions[1]!.sources).toEqual(['ui', null])
  })

  it('lists the sources of a session as stored, in order of first appearance', () => {
    const [session] = groupChatSessions([
      storedMessage({ createdDate: at(1), chatType: 'EXTERNAL', source: 'embed' }),
      storedMessage({ createdDate: at(2), chatType: 'EXTERNAL', source: 'api' }),
      storedMessage({ createdDate: at(3), chatType: 'EXTERNAL', source: 'embed' }),
    ])
    expect(session!.sources).toEqual(['embed', 'api'])
  })

  it('puts a question before its answer stored in the same millisecond', () => {
    const [session] = groupChatSessions([
      storedMessage({ role: 'apiMessage', content: 'Answer', createdDate: at(1) }),
      storedMessage({ role: 'userMessage', content: 'Question', createdDate: at(1) }),
    ])
    expect(session!.messages.map((m) => m.content)).toEqual(['Question', 'Answer'])
  })

  it('answers no conversations for no messages, and an empty first question when only answers are left', () => {
    expect(groupChatSessions([])).toEqual([])
    expect(groupChatSessions([storedMessage({ role: 'apiMessage' })])[0]!.firstQuestion).toBe('')
  })
})
