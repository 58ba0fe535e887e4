import { formatSseFrame, type RunEvent } from '@weft/core'
import { vi } from 'vitest'

/** A stream of event frames the test writes to as it likes, to see what the widget shows in between. */
export function controlledStream() {
  const encoder = new TextEncoder()
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) })
  return {
    response: () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    send: (event: RunEvent) => controller.enqueue(encoder.encode(formatSseFrame(event))),
    close: () => controller.close(),
  }
}

export interface Call {
  url: string
  method: string
  body: Record<string, unknown> | undefined
  signal: AbortSignal | undefined
}

/** Stubs fetch: `answer` gives each call's response; every call is recorded. */
export function stubFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call: Call = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined,
        signal: init?.signal ?? undefined,
      }
      calls.push(call)
      return answer(call)
    }),
  )
  return calls
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
