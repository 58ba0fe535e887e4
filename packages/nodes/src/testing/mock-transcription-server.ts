import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sendJson } from './mock-http.js'

/**
 * A stand-in for an OpenAI-compatible transcription server (POST /v1/audio/transcriptions,
 * multipart with `file`, `model`, `language`…): real HTTP on 127.0.0.1, Node built-ins only, so
 * server tests can import it by relative path. It answers `{ text }` with the next scripted reply,
 * or `defaultText`; a reply with `status` answers that HTTP error with `body`. Every request is
 * recorded with its headers, its form fields and the file's name, type and bytes.
 */
export interface TranscriptionRequest {
  path: string
  headers: Record<string, string | string[] | undefined>
  fields: Record<string, string>
  file?: { name: string; type: string; bytes: Buffer }
}

export type TranscriptionReply = { text: string } | { status: number; body?: unknown }

export interface MockTranscriptionServer {
  /** `http://127.0.0.1:<port>/v1`: what clients take as base URL. */
  baseURL: string
  requests: TranscriptionRequest[]
  script: (...replies: TranscriptionReply[]) => void
  close: () => Promise<void>
}

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The multipart form, read by the platform's own parser (the Fetch API's `formData`). */
async function readForm(req: IncomingMessage, raw: Buffer) {
  const type = req.headers['content-type'] ?? ''
  const form = await new Request('http://stand-in/', {
    method: 'POST',
    headers: { 'content-type': type },
    body: new Uint8Array(raw),
  }).formData()
  const fields: Record<string, string> = {}
  let file: TranscriptionRequest['file']
  const entries: [string, string | File][] = []
  form.forEach((value, name) => entries.push([name, value]))
  for (const [name, value] of entries) {
    if (typeof value === 'string') fields[name] = value
    else if (name === 'file')
      file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) }
  }
  return { fields, file }
}

export async function startMockTranscription(options: { defaultText?: string } = {}): Promise<MockTranscriptionServer> {
  const queue: TranscriptionReply[] = []
  const requests: TranscriptionRequest[] = []
  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readRaw(req)
      const path = (req.url ?? '/').split('?')[0] ?? '/'
      if (req.method !== 'POST' || path !== '/v1/audio/transcriptions')
        return sendJson(res, 404, { error: 'not found' })
      requests.push({ path, headers: req.headers, ...(await readForm(req, raw)) })
      const reply = queue.shift() ?? { text: options.defaultText ?? '' }
      if ('status' in reply) return sendJson(res, reply.status, reply.body ?? {})
      sendJson(res, 200, { text: reply.text })
    })().catch((error: unknown) => sendJson(res, 500, { error: { message: String(error) } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
