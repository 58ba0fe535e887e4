import type { RunEvent } from '@weft/core'
import { formatSseFrame } from '@weft/core'

/** A response body the test writes into piece by piece, to watch the chat take each piece. */
export function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let cancelled = false
  const stream = new ReadableStream<Uint8Array>({
    start(given) {
      controller = given
    },
    cancel() {
      cancelled = true
    },
  })
  const encoder = new TextEncoder()
  const write = (text: string) => controller.enqueue(encoder.encode(text))
  return {
    response: () => new Response(stream, { headers: { 'content-type': 'text/event-stream' } }),
    write,
    writeBytes: (bytes: Uint8Array) => controller.enqueue(bytes),
    send: (...events: RunEvent[]) => write(events.map(formatSseFrame).join('')),
    close: () => controller.close(),
    isCancelled: () => cancelled,
  }
}
