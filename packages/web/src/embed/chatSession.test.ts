import { afterEach, describe, expect, it, vi } from 'vitest'
import { createChatSession } from './chatSession'
import { controlledStream, json, stubFetch } from './test/fakeServer'

const options = { apiHost: 'https://weft.example.com/', chatflowid: 'f1' }
const texts = (session: ReturnType<typeof createChatSession>) => session.messages.map((message) => message.text)

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
    expect(session.messages).toEqual([
      { role: 'user', text: 'Hello?' },
      { role: 'bot', text: '', pending: true },
    ])

    stream.send({ event: 'start', data: '' })
    stream.write('data: {"event":"token","da')
    stream.write('ta":"Hi"}\n\ndata: {"event":"token","data":" there"}\n\n')
    await vi.waitFor(() => expect(texts(session)).toEqual(['Hello?', 'Hi there']))
    expect(session.messages[1]!.pending).toBe(true)

    stream.send({ event: 'metadata', data: { chatId: 'c1', chatMessageId: 'm1', question: 'Hello?', sessionId: 'c1' } })
    stream.send({ event: 'end', data: '[DONE]' })
    stream.close()
    await asked
    expect(session.busy).toBe(false)
    expect(session.messages[1]).toEqual({ role: 'bot', text: 'Hi there', pending: false })
    expect(JSON.parse(localStorage.getItem('f1_EXTERNAL')!)).toEqual({ chatId: 'c1' })

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
    expect(JSON.parse(localStorage.getItem('f1_EXTERNAL')!)).toEqual({ chatId: 'c9' })
  })

  it('shows the server’s refusal and the run’s error as error messages', async () => {
    stubFetch(() => json({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized Access' }, 401))
    const session = createChatSession(options)
    await session.ask('Q')
    expect(session.messages[1]).toMatchObject({ text: 'Unauthorized Access', error: true })

    const stream = controlledStream()
    stubFetch(() => stream.response())
    const asked = session.ask('Again')
    stream.send({ event: 'error', data: 'LLM Chain (llmChain_0): the model is unreachable' })
    stream.send({ event: 'end', data: '[DONE]' })
    stream.close()
    await asked
    expect(session.messages[3]).toMatchObject({ text: 'LLM Chain (llmChain_0): the model is unreachable', error: true })
  })

  it('says so when the server cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    const session = createChatSession(options)
    await session.ask('Q')
    expect(session.messages[1]).toMatchObject({ error: true, pending: false })
    expect(session.messages[1]!.text).toContain('Could not reach the chatbot')
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
    expect(session.messages[1]).toMatchObject({ text: 'Once upon', pending: false })
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
    expect(texts(session)).toEqual(['One', 'No answer.'])
  })
})
