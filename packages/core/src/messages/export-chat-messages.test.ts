import { describe, expect, it } from 'vitest'
import { exportChatMessages } from './export-chat-messages.js'
import { feedbackOn, storedMessage } from './test-messages.js'

describe('exportChatMessages', () => {
  it('writes Flowise’s file: a conversation per session, its messages oldest first, feedback on its answer', () => {
    const documents = [{ pageContent: 'Refunds within 30 days', metadata: { source: 'handbook.txt' } }]
    const tools = [{ tool: 'calculator', toolInput: { expression: '6 * 7' }, toolOutput: '42' }]
    const file = exportChatMessages([
      storedMessage({
        role: 'apiMessage',
        content: 'Within 30 days.',
        createdDate: '2026-03-01T10:00:02.000Z',
        sourceDocuments: documents,
        usedTools: tools,
        feedback: feedbackOn('a', 'THUMBS_DOWN', 'Too short'),
      }),
      storedMessage({
        content: 'Refunds?',
        createdDate: '2026-03-01T10:00:01.000Z',
        chatType: 'EXTERNAL',
        leadEmail: 'grace@example.com',
      }),
    ])
    expect(file).toEqual([
      {
        id: 'c1',
        source: 'API/Embed',
        sessionId: 'c1',
        memoryType: null,
        email: 'grace@example.com',
        messages: [
          { content: 'Refunds?', role: 'user', time: '2026-03-01T10:00:01.000Z' },
          {
            content: 'Within 30 days.',
            role: 'bot',
            time: '2026-03-01T10:00:02.000Z',
            sourceDocuments: documents,
            usedTools: tools,
            feedback: 'Too short',
            rating: 'THUMBS_DOWN',
          },
        ],
      },
    ])
  })

  it('marks an answer that is not complete and names the canvas chat UI', () => {
    const [chat] = exportChatMessages([
      storedMessage({ role: 'apiMessage', content: 'Cut short', status: 'interrupted' }),
    ])
    expect(chat!.source).toBe('UI')
    expect(chat!.messages[0]).toEqual({
      content: 'Cut short',
      role: 'bot',
      time: '2026-03-01T10:00:00.000Z',
      status: 'interrupted',
    })
  })

  it('names a conversation API or Embed by its stored source', () => {
    const sources = exportChatMessages([
      storedMessage({ chatId: 'a', chatType: 'EXTERNAL', source: 'api', createdDate: '2026-03-01T10:00:02.000Z' }),
      storedMessage({ chatId: 'e', chatType: 'EXTERNAL', source: 'embed', createdDate: '2026-03-01T10:00:01.000Z' }),
    ]).map((chat) => [chat.id, chat.source])
    expect(sources).toEqual([
      ['a', 'API'],
      ['e', 'Embed'],
    ])
  })
})
