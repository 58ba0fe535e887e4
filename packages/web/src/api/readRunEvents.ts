import { createSseReader, type RunEvent } from '@weft/core'

/**
 * Reads a Server-Sent Events answer of a flow run to its end, handing each run event to `onEvent`
 * as it arrives. Plain TypeScript with no React, so the chat widget bundle uses it too.
 */
export async function readRunEvents(response: Response, onEvent: (event: RunEvent) => void, signal?: AbortSignal) {
  if (!response.body) return
  const reader = response.body.getReader()
  // fetch stops the body on abort, but not every stream obeys a signal: cancel the read ourselves too.
  const cancel = () => void reader.cancel().catch(() => undefined)
  signal?.addEventListener('abort', cancel, { once: true })
  const decoder = new TextDecoder()
  const sse = createSseReader(onEvent)
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done || signal?.aborted) break
      sse.push(decoder.decode(value, { stream: true }))
    }
    if (!signal?.aborted) {
      sse.push(decoder.decode())
      sse.end()
    }
  } catch (error) {
    if (!signal?.aborted) throw error
  } finally {
    signal?.removeEventListener('abort', cancel)
  }
}
