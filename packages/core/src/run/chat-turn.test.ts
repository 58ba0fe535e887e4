import { describe, expect, it } from 'vitest'
import { readChatTurn } from './chat-turn.js'

describe('readChatTurn', () => {
  it('reads Weft’s { role, content } as it is', () => {
    expect(readChatTurn({ role: 'userMessage', content: 'Hello' })).toEqual({
      ok: true,
      turn: { role: 'userMessage', content: 'Hello' },
    })
  })

  it('reads flowise-sdk’s { message, type }', () => {
    expect(readChatTurn({ type: 'apiMessage', message: 'Hi, how can I help?' })).toEqual({
      ok: true,
      turn: { role: 'apiMessage', content: 'Hi, how can I help?' },
    })
  })

  it('prefers role and content when a turn carries both shapes, and keeps an empty answer', () => {
    expect(readChatTurn({ role: 'userMessage', type: 'apiMessage', content: 'Mine', message: 'Theirs' })).toEqual({
      ok: true,
      turn: { role: 'userMessage', content: 'Mine' },
    })
    expect(readChatTurn({ type: 'apiMessage', message: '' })).toEqual({
      ok: true,
      turn: { role: 'apiMessage', content: '' },
    })
  })

  it('names the field a turn lacks in both shapes', () => {
    expect(readChatTurn({ content: 'Hello' })).toMatchObject({ ok: false, field: 'role' })
    expect(readChatTurn({ type: 'userMessage' })).toEqual({
      ok: false,
      field: 'content',
      message: 'is required (or message, as flowise-sdk sends it)',
    })
  })
})
