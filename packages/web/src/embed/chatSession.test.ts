import { afterEach, describe, expect, it, vi } from 'vitest'
import { createChatSession } from './chatSession'
import { controlledStream, json, stubFetch } from './test/fakeServer'

const options = { apiHost: 'https://weft.example.com/', chatflowid: 'f1' }
const texts = (session: ReturnType<typeof createChatSession>) => session.entries.map((entry) => entry.content)

describe('embedded chat session', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it('shows tokens as they arrive, then keeps the chat id for the next question', async () => {
    const stream = controlledStream()
    const calls = stubFetch(() => stream.response())
    const session = createChatSession(options)
    const changes = vi.fn()
    session.subscribe(changes)

    const asked = session.ask('  Hello?  ')
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({
      url: 'https://weft.example.com/api/v1/prediction/f1',
      method: 'POST',
      body: { question: 'Hello?', streaming: true },
    })
    expect(session.busy).toBe(true)
    expect(session.entries).toMatchObject([
      { role: 'userMessage', content: 'Hello?' },
      { role: 'apiMessage', content: '', status: 'streaming' },
    ])

    stream.send({ event: 'start', data: '' })
    stream.write('data: {"event":"token","da')
    stream.write('ta":"Hi"}\n\ndata: {"event":"token","data":" there"}\n\n')
    await vi.waitFor(() => expect(texts(session)).toEqual(['Hello?', 'Hi there']))
    expect(session.entries[1]!.status).toBe('streaming')

    stream.send({ event: 'metadata', data: { chatId: 'c1', chatMessageId: 'm1', question: 'Hello?', sessionId: 'c1' } })
    stream.send({ event: 'end', data: '[DONE]' })
    stream.close()
    await asked
    expect(session.busy).toBe(false)
    expect(session.entries[1]).toMatchObject({ role: 'apiMessage', content: 'Hi there', messageId: 'm1' })
    expect(session.entries[1]!.status).toBeUndefined()
    expect(JSON.parse(localStorage.getItem('f1_EXTERNAL')!)).toMatchObject({ chatId: 'c1' })

    stubFetch(() => json({ text: 'Again', chatId: 'c1', chatMessageId: 'm2', question: 'More', sessionId: 'c1' }))
    await session.ask('More')
    expect(vi.mocked(fetch).mock.calls[0]![1]!.body).toContain('"chatId":"c1"')
  })

  it('reads a JSON answer when the flow does not stream', async () => {
    stubFetch(() => json({ text: 'Plain answer', chatId: 'c9', chatMessageId: 'm1', question: 'Q', sessionId: 'c9' }))
    const session = createChatSession({ ...options, overrideConfig: { temperature: 0 } })
    await session.ask('Q')
    expect(texts(session)).toEqual(['Q', 'Plain answer'])
    expect(vi.mocked(fetch).mock.calls[0]![1]!.body).toContain('"overrideConfig":{"temperature":0}')
    expect(JSON.parse(localStorage.getItem('f1_EXTERNAL')!)).toMatchObject({ chatId: 'c9' })
  })

  it('shows the server’s refusal and the run’s error as error messages', async () => {
    stubFetch(() => json({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized Access' }, 401))
    const session = createChatSession(options)
    await session.ask('Q')
    expect(session.entries[1]).toMatchObject({ error: 'Unauthorized Access' })

    const stream = controlledStream()
    stubFetch(() => stream.response())
    const asked = session.ask('Again')
    stream.send({ event: 'error', data: 'LLM Chain (llmChain_0): the model is unreachable' })
    stream.send({ event: 'end', data: '[DONE]' })
    stream.close()
    await asked
    expect(session.entries[3]).toMatchObject({ error: 'LLM Chain (llmChain_0): the model is unreachable' })
  })

  it('says so when the server cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    const session = createChatSession(options)
    await session.ask('Q')
    expect(session.entries[1]!.status).toBeUndefined()
    expect(session.entries[1]!.error).toContain('Could not reach the chatbot')
  })

  it('stops an answer on request and keeps what came', async () => {
    const stream = controlledStream()
    const calls = stubFetch((call) => {
      call.signal?.addEventListener('abort', () => stream.close())
      return stream.response()
    })
    const session = createChatSession(options)
    const asked = session.ask('Long story')
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    stream.send({ event: 'token', data: 'Once upon' })
    await vi.waitFor(() => expect(texts(session)[1]).toBe('Once upon'))
    session.stop()
    await asked
    expect(calls[0]!.signal?.aborted).toBe(true)
    expect(session.busy).toBe(false)
    expect(session.entries[1]).toMatchObject({ content: 'Once upon', status: 'stopped' })
  })

  it('keeps the conversation in this browser: a new session on the next visit continues it', async () => {
    const stream = controlledStream()
    stubFetch(() => stream.response())
    const asked = createChatSession(options).ask('Do you ship abroad?')
    stream.send({ event: 'token', data: 'Yes.' })
    stream.send({
      event: 'metadata',
      data: {
        chatId: 'c7',
        chatMessageId: 'm7',
        question: 'Do you ship abroad?',
        sessionId: 'c7',
        followUpPrompts: ['Where to?'],
      },
    })
    stream.send({ event: 'end', data: '[DONE]' })
    stream.close()
    await asked

    const calls = stubFetch(() =>
      json({ text: 'To Spain too.', chatId: 'c7', chatMessageId: 'm8', question: 'Spain?', sessionId: 'c7' }),
    )
    const later = createChatSession(options)
    expect(texts(later)).toEqual(['Do you ship abroad?', 'Yes.'])
    expect(later.entries[1]).toMatchObject({ messageId: 'm7', followUpPrompts: ['Where to?'] })
    await later.ask('Spain?')
    expect(calls[0]!.body).toMatchObject({ chatId: 'c7' })

    later.clear()
    expect(createChatSession(options).entries).toEqual([])
    expect(JSON.parse(localStorage.getItem('f1_EXTERNAL')!)).toEqual({})
  })

  it('rates an answer, then changes the rating', async () => {
    const calls = stubFetch((call) =>
      call.url.endsWith('/prediction/f1')
        ? json({ text: 'Hi', chatId: 'c1', chatMessageId: 'm1', question: 'Q', sessionId: 'c1' })
        : json({ id: 'fb1' }),
    )
    const session = createChatSession(options)
    await session.ask('Q')
    await session.rate('m1', 'THUMBS_UP')
    await session.rate('m1', 'THUMBS_DOWN')
    expect(calls.slice(1).map(({ url, method, body }) => ({ url, method, body }))).toEqual([
      {
        url: 'https://weft.example.com/api/v1/feedback',
        method: 'POST',
        body: { chatflowid: 'f1', chatId: 'c1', messageId: 'm1', rating: 'THUMBS_UP', content: '' },
      },
      { url: 'https://weft.example.com/api/v1/feedback/fb1', method: 'PUT', body: { rating: 'THUMBS_DOWN' } },
    ])
    expect(session.ratings).toEqual({ m1: 'THUMBS_DOWN' })
  })

  it('ignores a blank question and a second one while answering', async () => {
    const stream = controlledStream()
    const calls = stubFetch(() => stream.response())
    const session = createChatSession(options)
    await session.ask('   ')
    expect(calls).toHaveLength(0)
    const asked = session.ask('One')
    await session.ask('Two')
    stream.close()
    await asked
    expect(texts(session)).toEqual(['One', ''])
    expect(session.entries[1]!.status).toBeUndefined()
  })
})
