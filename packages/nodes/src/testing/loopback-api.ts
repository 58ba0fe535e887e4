import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readBody } from './mock-http.js'

/** A request the loopback API got: the path with its query, lower-case headers and the raw body. */
export interface ApiRequest {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

export interface LoopbackApi {
  /** `http://127.0.0.1:<port>` */
  url: string
  requests: ApiRequest[]
  close: () => Promise<void>
}

/**
 * A stand-in web API on 127.0.0.1 for the API chains and loader: `answer` writes the response to
 * each request (looked up by path), and every request is recorded as it arrived.
 */
export async function startLoopbackApi(
  answer: (request: ApiRequest, res: ServerResponse) => void,
): Promise<LoopbackApi> {
  const requests: ApiRequest[] = []
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body }
      requests.push(request)
      answer(request, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Writes `bytes` of text in 64 KiB chunks without a Content-Length, so only reading can find the size. */
export function writeChunked(res: ServerResponse, bytes: number): void {
  res.writeHead(200, { 'content-type': 'text/plain' })
  const chunk = 'x'.repeat(64 * 1024)
  for (let sent = 0; sent < bytes; sent += chunk.length) res.write(chunk)
  res.end()
}
