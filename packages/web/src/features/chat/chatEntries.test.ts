import type { ChatMessage, RunEvent } from '@weft/core'
import { describe, expect, it } from 'vitest'
import {
  entriesOfMessages,
  finishedAnswer,
  historyOf,
  offeredFollowUps,
  pendingAnswer,
  questionEntry,
  withRunEvent,
  type ChatEntry,
} from './chatEntries'

const tool = { tool: 'calculator', toolInput: { input: '2*3' }, toolOutput: '6' }

describe('chat entries', () => {
  it('builds an answer from its run events', () => {
    const events: RunEvent[] = [
      { event: 'start', data: '' },
      { event: 'token', data: 'Six' },
      { event: 'usedTools', data: [tool] },
      { event: 'token', data: ' it is' },
      { event: 'sourceDocuments', data: [{ pageContent: 'Maths', metadata: {} }] },
      { event: 'metadata', data: { chatId: 'c1', chatMessageId: 'm1', question: 'q', sessionId: 's' } },
      { event: 'end', data: '[DONE]' },
    ]
    const answer = finishedAnswer(events.reduce(withRunEvent, pendingAnswer()), 'done')
    expect(answer).toMatchObject({
      content: 'Six it is',
      usedTools: [tool],
      messageId: 'm1',
      sourceDocuments: [{ pageContent: 'Maths' }],
    })
    expect(answer.status).toBeUndefined()
  })

  it('passes over events it does not draw', () => {
    const answer = pendingAnswer()
    expect(withRunEvent(answer, { event: 'agentFlowEvent', data: 'INPROGRESS' } as unknown as RunEvent)).toBe(answer)
  })

  it('keeps what arrived before an error or a stop', () => {
    const partial = withRunEvent(pendingAnswer(), { event: 'token', data: 'Half' })
    expect(finishedAnswer(withRunEvent(partial, { event: 'error', data: 'LLM Chain: no key' }), 'done')).toMatchObject({
      content: 'Half',
      error: 'LLM Chain: no key',
    })
    expect(finishedAnswer(partial, 'stopped')).toMatchObject({ content: 'Half', status: 'stopped' })
  })

  it('sends earlier turns as history, leaving out failed and unfinished answers', () => {
    const entries: ChatEntry[] = [
      questionEntry('One'),
      { ...pendingAnswer(), status: undefined, content: 'Uno' },
      questionEntry('Two'),
      { ...pendingAnswer(), status: undefined, error: 'failed' },
      questionEntry('Three'),
      pendingAnswer(),
    ]
    expect(historyOf(entries)).toEqual([
      { role: 'userMessage', content: 'One' },
      { role: 'apiMessage', content: 'Uno' },
      { role: 'userMessage', content: 'Two' },
      { role: 'userMessage', content: 'Three' },
    ])
  })

  it('reads stored messages, the answer id being what feedback refers to', () => {
    const stored = (id: string, role: ChatMessage['role'], content: string): ChatMessage => ({
      id,
      role,
      content,
      chatflowid: 'f1',
      sourceDocuments: null,
      usedTools: role === 'apiMessage' ? [tool] : null,
      chatType: 'INTERNAL',
      chatId: 'c1',
      sessionId: null,
      leadEmail: null,
      createdDate: '2026-01-01T00:00:00.000Z',
    })
    expect(entriesOfMessages([stored('1', 'userMessage', 'Hi'), stored('2', 'apiMessage', 'Hello')])).toEqual([
      { id: '1', role: 'userMessage', content: 'Hi' },
      { id: '2', role: 'apiMessage', content: 'Hello', messageId: '2', usedTools: [tool] },
    ])
    const [stopped, failed] = entriesOfMessages([
      { ...stored('3', 'apiMessage', 'Half'), status: 'stopped' },
      { ...stored('4', 'apiMessage', 'LLM Chain: no key'), status: 'failed' },
    ])
    expect(stopped).toMatchObject({ content: 'Half', status: 'stopped' })
    expect(failed).toMatchObject({ content: '', error: 'LLM Chain: no key' })
    expect(historyOf([stopped!, failed!])).toEqual([{ role: 'apiMessage', content: 'Half' }])

    // Follow-up questions are stored as JSON text, as Flowise keeps them, and offered under the newest answer.
    const entries = entriesOfMessages([{ ...stored('5', 'apiMessage', 'Yes'), followUpPrompts: '["Why?","How?"]' }])
    expect(entries[0]!.followUpPrompts).toEqual(['Why?', 'How?'])
    expect(offeredFollowUps(entries)).toEqual(['Why?', 'How?'])
    expect(offeredFollowUps([...entries, questionEntry('Why?')])).toEqual([])
    expect(offeredFollowUps([...entries, { ...pendingAnswer(), followUpPrompts: ['Later?'] }])).toEqual([])
  })
})
