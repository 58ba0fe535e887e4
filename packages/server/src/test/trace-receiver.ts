import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'

/** One request the receiver took: its JSON body parsed, when it had one. */
export interface ReceivedRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  /** The body as sent, for searching it whole. */
  text: string
  body: unknown
}

export interface TraceReceiver {
  /** `http://127.0.0.1:<port>` */
  url: string
  /** `127.0.0.1:<port>`, the WEFT_ALLOWED_PRIVATE_HOSTS entry that lets the server reach it. */
  host: string
  requests: ReceivedRequest[]
  close: () => Promise<void>
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const raw = Buffer.concat(chunks)
  return (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8')
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * A plain HTTP server on 127.0.0.1 that stands in for a trace collector (OTLP/HTTP) or the
 * LangSmith API: it keeps every request and answers 200 with `{}`.
 */
export async function startTraceReceiver(): Promise<TraceReceiver> {
  const requests: ReceivedRequest[] = []
  const server = createServer((req, res) => {
    void readText(req).then((text) => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, text, body: parsed(text) })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
