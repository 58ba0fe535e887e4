import { describe, expect, it } from 'vitest'
import { chatSourceLabel, chatSourceOf, messageSourceOf } from './chat-source.js'

describe('chatSourceOf', () => {
  it('names the canvas ui, a call with an Origin embed, and one without api', () => {
    expect(chatSourceOf({ internal: true, origin: 'https://weft.example' })).toBe('ui')
    expect(chatSourceOf({ internal: true })).toBe('ui')
    expect(chatSourceOf({ internal: false, origin: 'https://shop.example' })).toBe('embed')
    expect(chatSourceOf({ internal: false })).toBe('api')
    expect(chatSourceOf({ internal: false, origin: '' })).toBe('api')
  })
})

describe('messageSourceOf and chatSourceLabel', () => {
  it('keeps a stored source, derives ui for old canvas messages and none for old external ones', () => {
    expect(messageSourceOf({ chatType: 'EXTERNAL', source: 'embed' })).toBe('embed')
    expect(messageSourceOf({ chatType: 'INTERNAL' })).toBe('ui')
    expect(messageSourceOf({ chatType: 'EXTERNAL' })).toBeNull()
  })

  it('labels UI, API and Embed, and API/Embed only for old messages without a source', () => {
    expect(['ui', 'api', 'embed', null].map((s) => chatSourceLabel(s as never))).toEqual([
      'UI',
      'API',
      'Embed',
      'API/Embed',
    ])
  })
})
