import { describe, expect, it } from 'vitest'
import type { RunEvent } from '../types/run.js'
import { createSseReader, formatSseFrame } from './sse-frames.js'

function read(chunks: string[]): RunEvent[] {
  const events: RunEvent[] = []
  const reader = createSseReader((event) => events.push(event))
  chunks.forEach(reader.push)
  reader.end()
  return events
}

describe('run event frames', () => {
  const start: RunEvent = { event: 'start', data: '' }
  const token: RunEvent = { event: 'token', data: 'Hello\n\nworld' }
  const end: RunEvent = { event: 'end', data: '[DONE]' }

  it('reads back what it writes, newlines in the data included', () => {
    expect(read([formatSseFrame(start), formatSseFrame(token), formatSseFrame(end)])).toEqual([start, token, end])
  })

  it('joins a frame split across chunks and splits chunks holding several frames', () => {
    const text = [start, token, end].map(formatSseFrame).join('')
    const pieces = [text.slice(0, 7), text.slice(7, 30), text.slice(30)]
    expect(read(pieces)).toEqual([start, token, end])
    expect(read([text])).toEqual([start, token, end])
  })

  it('accepts CRLF line ends, a frame without the final blank line and ignores other lines', () => {
    expect(read([': ping\r\n\r\n', 'event: token\r\ndata: {"event":"token","data":"a"}\r\n\r\n', 'data: {"event":"end","data":"[DONE]"}'])).toEqual([
      { event: 'token', data: 'a' },
      end,
    ])
  })

  it('skips frames that are not run events', () => {
    expect(read(['data: [DONE]\n\n', 'data: {"x":1}\n\n', formatSseFrame(end)])).toEqual([end])
  })
})
