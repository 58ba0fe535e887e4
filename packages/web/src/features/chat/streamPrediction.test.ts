import type { RunEvent } from '@weft/core'
import { formatSseFrame } from '@weft/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/ApiError'
import { PredictionStopped, streamPrediction } from './streamPrediction'
import { controlledStream } from './testing/controlledStream'

const start: RunEvent = { event: 'start', data: '' }
const end: RunEvent = { event: 'end', data: '[DONE]' }
const token = (data: string): RunEvent => ({ event: 'token', data })
const body = { question: 'Hi', streaming: true }

function answerWith(response: Response) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    // Like the browser: an aborted request fails instead of answering.
    if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError')
    return response
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

/** Lets pending reads settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('streamPrediction', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('reports each event as soon as its frame has arrived', async () => {
    const stream = controlledStream()
    const fetch = answerWith(stream.response())
    const events: RunEvent[] = []
    const done = streamPrediction({ url: '/api/v1/prediction/f1', body, onEvent: (event) => events.push(event) })

    stream.send(start, token('Hel'))
    await vi.waitFor(() => expect(events).toEqual([start, token('Hel')]))
    stream.send(token('lo'), end)
    stream.close()
    await done
    expect(events).toEqual([start, token('Hel'), token('lo'), end])
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('/api/v1/prediction/f1')
    expect(JSON.parse(init!.body as string)).toEqual(body)
  })

  it('joins frames split across chunks, in the middle of a character too, and splits chunks holding several', async () => {
    const stream = controlledStream()
    answerWith(stream.response())
    const events: RunEvent[] = []
    const done = streamPrediction({ url: '/p', body, onEvent: (event) => events.push(event) })

    const bytes = new TextEncoder().encode([start, token('Grüße'), token('b'), end].map(formatSseFrame).join(''))
    const inUmlaut = bytes.indexOf(0xc3) + 1
    stream.writeBytes(bytes.slice(0, 5))
    stream.writeBytes(bytes.slice(5, inUmlaut))
    stream.writeBytes(bytes.slice(inUmlaut))
    stream.close()
    await done
    expect(events).toEqual([start, token('Grüße'), token('b'), end])
  })

  it('reads CRLF line ends, even with a CR and its LF in different chunks', async () => {
    const stream = controlledStream()
    answerWith(stream.response())
    const events: RunEvent[] = []
    const done = streamPrediction({ url: '/p', body, onEvent: (event) => events.push(event) })

    stream.write(': keep-alive\r\n\r\ndata: {"event":"token","data":"a"}\r')
    stream.write('\n\r\ndata: {"event":"end","data":"[DONE]"}\r\n\r\n')
    stream.close()
    await done
    expect(events).toEqual([token('a'), end])
  })

  it('turns a JSON answer into the same events', async () => {
    answerWith(
      new Response(
        JSON.stringify({
          text: 'Hello',
          question: 'Hi',
          chatId: 'c1',
          chatMessageId: 'm1',
          sessionId: 's1',
          usedTools: [{ tool: 'calculator', toolInput: { input: '1+1' }, toolOutput: '2' }],
        }),
        { headers: { 'content-type': 'application/json' } },
      ),
    )
    const events: RunEvent[] = []
    await streamPrediction({ url: '/p', body, onEvent: (event) => events.push(event) })
    expect(events.map((event) => event.event)).toEqual(['start', 'token', 'usedTools', 'metadata', 'end'])
    expect(events[1]).toEqual(token('Hello'))
    expect(events[3]).toMatchObject({ data: { chatId: 'c1', chatMessageId: 'm1' } })
  })

  it('throws the server message of a refused call', async () => {
    answerWith(
      new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Flow f1 not found' }), {
        status: 404,
      }),
    )
    const failure = streamPrediction({ url: '/p', body, onEvent: () => undefined })
    await expect(failure).rejects.toBeInstanceOf(ApiError)
    await expect(failure).rejects.toThrow('Flow f1 not found')
  })

  it('stops reading when aborted and says it was stopped', async () => {
    const stream = controlledStream()
    answerWith(stream.response())
    const events: RunEvent[] = []
    const abort = new AbortController()
    const done = streamPrediction({ url: '/p', body, signal: abort.signal, onEvent: (event) => events.push(event) })

    stream.send(start, token('Part'))
    await vi.waitFor(() => expect(events).toHaveLength(2))
    abort.abort()
    await expect(done).rejects.toBeInstanceOf(PredictionStopped)
    await settle()
    expect(stream.isCancelled()).toBe(true)
    expect(events).toEqual([start, token('Part')])
  })
})
