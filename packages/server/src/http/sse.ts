import { once } from 'node:events'
import { formatSseFrame, type RunEvent } from '@weft/core'
import type { FastifyReply } from 'fastify'

/**
 * Answers with Server-Sent Events: each run event is written as one frame the moment it arrives
 * (no buffering here or in a proxy in front). `headers` are added to the stream's own (CORS).
 * A failure of the event source becomes an `error` frame, and the stream always ends with `end`.
 */
export async function streamRunEvents(
  reply: FastifyReply,
  events: AsyncIterable<RunEvent>,
  headers: Record<string, string> = {},
): Promise<void> {
  reply.hijack()
  const res = reply.raw
  res.socket?.setNoDelay(true)
  res.writeHead(200, {
    ...headers,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  })
  res.flushHeaders()
  const write = async (event: RunEvent) => {
    if (res.destroyed || res.writableEnded) return
    // A slow reader: wait until it has taken what was written, or has gone.
    if (!res.write(formatSseFrame(event))) await Promise.race([once(res, 'drain'), once(res, 'close')])
  }
  let ended = false
  try {
    for await (const event of events) {
      // The client has gone: leaving the loop ends the run's iterator, which stops the run.
      if (res.destroyed) break
      await write(event)
      if (event.event === 'end') ended = true
    }
  } catch (error) {
    reply.log.error({ err: error }, 'A streamed run failed')
    await write({ event: 'error', data: 'The run failed unexpectedly', status: 500 })
  }
  if (!ended) await write({ event: 'end', data: '[DONE]' })
  res.end()
}
