import { describe, expect, it } from 'vitest'
import { eventsOfAnswer } from './answer-events.js'

const ids = { question: 'Hi?', chatId: 'c1', chatMessageId: 'm1', sessionId: 'c1' }

describe('the events of a JSON answer', () => {
  it('are what a stream would have sent: start, the text, documents, tools, metadata, end', () => {
    const events = eventsOfAnswer({
      ...ids,
      text: 'Hello',
      sourceDocuments: [{ pageContent: 'p', metadata: {} }],
      usedTools: [{ tool: 'calculator', toolInput: { expression: '1+1' }, toolOutput: '2' }],
    })
    expect(events.map((event) => event.event)).toEqual([
      'start',
      'token',
      'sourceDocuments',
      'usedTools',
      'metadata',
      'end',
    ])
    expect(events[1]).toEqual({ event: 'token', data: 'Hello' })
    expect(events[4]).toEqual({ event: 'metadata', data: ids })
  })

  it('shows an answer that is only JSON as a fenced block, and sends no token for an empty one', () => {
    expect(eventsOfAnswer({ ...ids, text: '', json: { a: 1 } })[1]).toEqual({
      event: 'token',
      data: '```json\n{\n  "a": 1\n}\n```',
    })
    expect(eventsOfAnswer({ ...ids, text: '' }).map((event) => event.event)).toEqual(['start', 'metadata', 'end'])
  })

  it('streams the follow-up questions of the JSON answer (JSON text there) as a list in metadata', () => {
    const events = eventsOfAnswer({ ...ids, text: 'Hi', followUpPrompts: '["What next?","Why?"]' })
    expect(events.find((event) => event.event === 'metadata')).toEqual({
      event: 'metadata',
      data: { ...ids, followUpPrompts: ['What next?', 'Why?'] },
    })
  })
})
