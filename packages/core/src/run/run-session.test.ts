import { describe, expect, it } from 'vitest'
import { runSessionOf } from './run-session.js'

describe('the conversation a prediction call belongs to', () => {
  it('follows overrideConfig.sessionId when no chatId is sent, and takes it out of the overrides', () => {
    expect(runSessionOf({ overrideConfig: { sessionId: 'user-42', temperature: 0.2 } })).toEqual({
      chatId: 'user-42',
      sessionId: 'user-42',
      overrideConfig: { temperature: 0.2 },
    })
  })

  it('keeps the chatId for the chat and the sessionId for memory when both are sent', () => {
    expect(runSessionOf({ chatId: 'chat-1', overrideConfig: { sessionId: 'user-42' } })).toEqual({
      chatId: 'chat-1',
      sessionId: 'user-42',
      overrideConfig: {},
    })
  })

  it('uses the chatId for memory when no sessionId is sent', () => {
    expect(runSessionOf({ chatId: 'chat-1' })).toEqual({
      chatId: 'chat-1',
      sessionId: 'chat-1',
      overrideConfig: undefined,
    })
  })

  it('leaves a new conversation to the server when neither is named, ignoring blank and non-text values', () => {
    expect(runSessionOf({})).toEqual({ chatId: undefined, sessionId: undefined, overrideConfig: undefined })
    expect(runSessionOf({ chatId: ' ', overrideConfig: { sessionId: 7 } })).toEqual({
      chatId: undefined,
      sessionId: undefined,
      overrideConfig: {},
    })
  })
})
