import { describe, expect, it } from 'vitest'
import { keepRatedExchanges } from './rated-exchanges.js'
import { feedbackOn, storedMessage } from './test-messages.js'

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`

describe('keepRatedExchanges', () => {
  const q1 = storedMessage({ content: 'q1', createdDate: at(1) })
  const a1 = storedMessage({
    role: 'apiMessage',
    content: 'a1',
    createdDate: at(2),
    feedback: feedbackOn('a1', 'THUMBS_UP'),
  })
  const q2 = storedMessage({ content: 'q2', createdDate: at(3) })
  const a2 = storedMessage({ role: 'apiMessage', content: 'a2', createdDate: at(4), feedback: null })
  const q3 = storedMessage({ chatId: 'other', content: 'q3', createdDate: at(3) })
  const a3 = storedMessage({
    chatId: 'other',
    role: 'apiMessage',
    content: 'a3',
    createdDate: at(5),
    feedback: feedbackOn('a3', 'THUMBS_DOWN', 'Wrong'),
  })
  const all = [q1, a1, q2, a2, q3, a3]
  const contents = (list: { content: string }[]) => list.map((m) => m.content)

  it('keeps the answers of the asked ratings with their questions', () => {
    expect(contents(keepRatedExchanges(all, ['THUMBS_UP']))).toEqual(['q1', 'a1'])
    expect(contents(keepRatedExchanges(all, ['THUMBS_DOWN']))).toEqual(['q3', 'a3'])
    expect(contents(keepRatedExchanges(all, ['THUMBS_UP', 'THUMBS_DOWN']))).toEqual(['q1', 'a1', 'q3', 'a3'])
  })

  it('pairs an answer with its own session’s question, whatever order the list is in', () => {
    expect(contents(keepRatedExchanges([...all].reverse(), ['THUMBS_DOWN']))).toEqual(['a3', 'q3'])
  })

  it('keeps nothing when no answer has such a rating', () => {
    expect(keepRatedExchanges([q2, a2], ['THUMBS_UP'])).toEqual([])
  })
})
