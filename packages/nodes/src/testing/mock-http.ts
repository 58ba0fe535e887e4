import type { IncomingMessage, ServerResponse } from 'node:http'

// Small HTTP helpers the mock model servers share.

/** A wait that ends early when the client closes the connection; resolves false then. */
export type Pause = (ms: number | undefined) => Promise<boolean>

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

export function startEventStream(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (text += chunk))
    req.on('end', () => resolve(text))
    req.on('error', reject)
  })
}

export function pauseUntilClosed(res: ServerResponse): Pause {
  return (ms) => {
    if (res.destroyed) return Promise.resolve(false)
    if (!ms) return Promise.resolve(true)
    return new Promise((resolve) => {
      const onClose = () => {
        clearTimeout(timer)
        resolve(false)
      }
      const timer = setTimeout(() => {
        res.off('close', onClose)
        resolve(!res.destroyed)
      }, ms)
      res.once('close', onClose)
    })
  }
}

/** Splits text the way the mocks stream it: one chunk per word with its trailing space. */
export const wordsOf = (text: string): string[] => text.match(/\S+\s*/g) ?? []
