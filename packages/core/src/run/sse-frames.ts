import type { RunEvent } from '../types/run.js'

/** One Server-Sent Events frame carrying a run event: `data: {"event":"token","data":"Hi"}` and a blank line. */
export const formatSseFrame = (event: RunEvent): string => `data: ${JSON.stringify(event)}\n\n`

/**
 * Reads run events out of a stream of text chunks. Frames may be split across chunks or several may
 * share one; lines other than `data:` (comments, `event:`, `id:`) are ignored, and so is a frame
 * whose data is not a run event.
 */
export function createSseReader(onEvent: (event: RunEvent) => void): { push: (chunk: string) => void; end: () => void } {
  let buffer = ''
  const flush = (frame: string) => {
    const data = frame
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
      .join('\n')
    if (!data) return
    try {
      const parsed: unknown = JSON.parse(data)
      if (isRunEvent(parsed)) onEvent(parsed)
    } catch {
      // Not JSON: not ours to read.
    }
  }
  return {
    push(chunk) {
      buffer += chunk.replace(/\r\n?/g, '\n')
      let end = buffer.indexOf('\n\n')
      while (end !== -1) {
        flush(buffer.slice(0, end))
        buffer = buffer.slice(end + 2)
        end = buffer.indexOf('\n\n')
      }
    },
    end() {
      if (buffer.trim()) flush(buffer)
      buffer = ''
    },
  }
}

const isRunEvent = (value: unknown): value is RunEvent =>
  typeof value === 'object' && value !== null && typeof (value as { event?: unknown }).event === 'string'
