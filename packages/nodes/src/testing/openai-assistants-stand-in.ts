import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sendJson } from './mock-http.js'

/**
 * A stand-in for OpenAI's Assistants API v2, not OpenAI: real HTTP on 127.0.0.1 with everything in
 * memory, answering the endpoints Weft's assistants use with the provider's shapes, in either dialect:
 * - OPENAI: paths under `/v1`, `Authorization: Bearer <key>` and `OpenAI-Beta: assistants=v2` required
 *   (a wrong key answers 401 quoting it masked, as OpenAI does);
 * - AZURE: paths under `/openai`, the `api-key` header and `?api-version=<apiVersion>` required.
 * Endpoints: `/assistants` (create, list, retrieve, modify, delete), `/files` (multipart upload with
 * purpose `assistants`, list, retrieve, delete), `/vector_stores` (create, list, retrieve, modify,
 * delete; `/files` add, list, delete), `/threads` (create), `/threads/{id}/messages` (add; list by
 * `run_id`), `/threads/{id}/runs` (create, retrieve, cancel). A run answers on the second poll:
 * queued → in_progress → its outcome, scripted with `script()`, by default the reply
 * `You asked: <question> (question <n> in this thread)`. Errors are `{ error: { message, … } }`.
 */
export interface AssistantsStandIn {
  /** What the credential names: OpenAI's base path (`…/v1`), or Azure's endpoint. */
  url: string
  requests: { method: string; path: string; query: Record<string, string> }[]
  assistants: Map<string, Record<string, unknown>>
  files: Map<string, StoredFile>
  vectorStores: Map<string, { store: Record<string, unknown>; fileIds: string[] }>
  threads: Map<string, { messages: StoredMessage[]; activeRun?: string }>
  /** What the next runs do, in order. */
  script: (...outcomes: RunOutcome[]) => void
  close: () => Promise<void>
}

export type RunOutcome =
  | { reply: string; citeFileIds?: string[] }
  | { fail: string }
  | { requiresAction: string }
  /** Stays in progress until cancelled. */
  | { stall: true }

export interface StandInOptions {
  dialect: 'OPENAI' | 'AZURE'
  apiKey: string
  apiVersion?: string
  /** The port to listen on (127.0.0.1); a free one when not given. */
  port?: number
}

interface StoredFile {
  id: string
  object: 'file'
  filename: string
  bytes: number
  purpose: string
  created_at: number
  content: string
}

interface StoredMessage {
  id: string
  object: 'thread.message'
  role: 'user' | 'assistant'
  run_id: string | null
  thread_id: string
  content: { type: 'text'; text: { value: string; annotations: unknown[] } }[]
}

interface StoredRun {
  id: string
  object: 'thread.run'
  thread_id: string
  assistant_id: string
  status: string
  polls: number
  outcome: RunOutcome
  last_error?: { code: string; message: string }
  required_action?: unknown
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message)
  }
}

const now = () => Math.floor(Date.now() / 1000)

const mask = (key: string) => `${key.slice(0, 5)}${'*'.repeat(Math.max(key.length - 9, 3))}${key.slice(-4)}`

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export async function startAssistantsStandIn(options: StandInOptions): Promise<AssistantsStandIn> {
  const apiVersion = options.apiVersion ?? '2024-05-01-preview'
  const prefix = options.dialect === 'AZURE' ? '/openai' : '/v1'
  const requests: AssistantsStandIn['requests'] = []
  const assistants = new Map<string, Record<string, unknown>>()
  const files = new Map<string, StoredFile>()
  const vectorStores = new Map<string, { store: Record<string, unknown>; fileIds: string[] }>()
  const threads = new Map<string, { messages: StoredMessage[]; activeRun?: string }>()
  const runs = new Map<string, StoredRun>()
  const outcomes: RunOutcome[] = []
  let counter = 0
  const nextId = (kind: string) => `${kind}${(++counter).toString().padStart(4, '0')}`

  function authorize(req: IncomingMessage, query: URLSearchParams): void {
    if (options.dialect === 'AZURE') {
      if (query.get('api-version') !== apiVersion) throw new ApiError(404, 'Resource not found', '404')
      if (req.headers['api-key'] !== options.apiKey) {
        throw new ApiError(401, 'Access denied due to invalid subscription key or wrong API endpoint.', '401')
      }
      return
    }
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (key !== options.apiKey) {
      throw new ApiError(
        401,
        `Incorrect API key provided: ${mask(key ?? '')}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        'invalid_api_key',
      )
    }
    if (req.headers['openai-beta'] !== 'assistants=v2') {
      throw new ApiError(400, "You must provide the 'OpenAI-Beta' header to access the Assistants API.")
    }
  }

  const found = <T>(map: Map<string, T>, id: string, what: string): T => {
    const item = map.get(id)
    if (!item) throw new ApiError(404, `No ${what} found with id '${id}'.`)
    return item
  }

  const list = (data: unknown[]) => ({
    object: 'list',
    data,
    first_id: (data[0] as { id?: string } | undefined)?.id ?? null,
    last_id: (data.at(-1) as { id?: string } | undefined)?.id ?? null,
    has_more: false,
  })

  function checkResources(body: Record<string, unknown>): void {
    const resources = (body.tool_resources ?? {}) as {
      code_interpreter?: { file_ids?: string[] }
      file_search?: { vector_store_ids?: string[] }
    }
    for (const id of resources.code_interpreter?.file_ids ?? []) found(files, id, 'file')
    const stores = resources.file_search?.vector_store_ids ?? []
    if (stores.length > 1) throw new ApiError(400, 'Only one vector store can be attached to an assistant.')
    for (const id of stores) found(vectorStores, id, 'vector store')
    for (const tool of (body.tools ?? []) as { type?: string }[]) {
      if (!['code_interpreter', 'file_search', 'function'].includes(tool.type ?? '')) {
        throw new ApiError(
          400,
          `Invalid value: '${tool.type}'. Supported values are: 'code_interpreter', 'function', and 'file_search'.`,
        )
      }
    }
  }

  const ASSISTANT_FIELDS = [
    'name',
    'description',
    'model',
    'instructions',
    'tools',
    'tool_resources',
    'temperature',
    'top_p',
    'metadata',
  ]
  const pick = (body: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(body).filter(([field]) => ASSISTANT_FIELDS.includes(field)))

  function finishRun(run: StoredRun): void {
    const thread = threads.get(run.thread_id)!
    const outcome = run.outcome
    if ('stall' in outcome) return
    thread.activeRun = undefined
    if ('fail' in outcome) {
      run.status = 'failed'
      run.last_error = { code: 'server_error', message: outcome.fail }
    } else if ('requiresAction' in outcome) {
      run.status = 'requires_action'
      thread.activeRun = run.id
      run.required_action = {
        type: 'submit_tool_outputs',
        submit_tool_outputs: {
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: outcome.requiresAction, arguments: '{}' } }],
        },
      }
    } else {
      run.status = 'completed'
      const marks = (outcome.citeFileIds ?? []).map((fileId, index) => ({
        type: 'file_citation',
        text: `【4:${index}†source】`,
        file_citation: { file_id: fileId },
        start_index: 0,
        end_index: 0,
      }))
      thread.messages.push({
        id: nextId('msg_'),
        object: 'thread.message',
        role: 'assistant',
        run_id: run.id,
        thread_id: run.thread_id,
        content: [
          { type: 'text', text: { value: outcome.reply + marks.map((m) => m.text).join(''), annotations: marks } },
        ],
      })
    }
  }

  function defaultOutcome(threadId: string): RunOutcome {
    const asked = threads.get(threadId)!.messages.filter((message) => message.role === 'user')
    const question = asked.at(-1)?.content[0]?.text.value ?? ''
    return { reply: `You asked: ${question} (question ${asked.length} in this thread)` }
  }

  const runView = ({ polls: _polls, outcome: _outcome, ...run }: StoredRun) => run

  async function route(
    method: string,
    parts: string[],
    query: URLSearchParams,
    req: IncomingMessage,
  ): Promise<unknown> {
    const [resource, id, sub, subId, action] = parts
    const raw = method === 'GET' || method === 'DELETE' ? Buffer.alloc(0) : await readBody(req)
    const json = () => (raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {})

    if (resource === 'assistants') {
      if (!id && method === 'POST') {
        const body = json()
        if (!body.model) throw new ApiError(400, "Missing required parameter: 'model'.")
        checkResources(body)
        const assistant = {
          id: nextId('asst_'),
          object: 'assistant',
          created_at: now(),
          name: null,
          description: null,
          instructions: null,
          tools: [],
          tool_resources: {},
          temperature: 1,
          top_p: 1,
          ...pick(body),
        }
        assistants.set(assistant.id, assistant)
        return assistant
      }
      if (!id && method === 'GET') return list([...assistants.values()].reverse())
      const assistant = found(assistants, id!, 'assistant')
      if (method === 'GET') return assistant
      if (method === 'POST') {
        const body = json()
        checkResources(body)
        Object.assign(assistant, pick(body))
        return assistant
      }
      assistants.delete(id!)
      return { id, object: 'assistant.deleted', deleted: true }
    }

    if (resource === 'files') {
      if (!id && method === 'POST') {
        const form = await new Response(new Uint8Array(raw), {
          headers: { 'content-type': req.headers['content-type'] ?? '' },
        }).formData()
        const file = form.get('file')
        if (form.get('purpose') !== 'assistants') throw new ApiError(400, "'purpose' must be 'assistants' here.")
        if (!(file instanceof File)) throw new ApiError(400, "Missing required parameter: 'file'.")
        const stored: StoredFile = {
          id: nextId('file-'),
          object: 'file',
          filename: file.name,
          bytes: file.size,
          purpose: 'assistants',
          created_at: now(),
          content: await file.text(),
        }
        files.set(stored.id, stored)
        return { ...stored, content: undefined }
      }
      const view = ({ content: _content, ...file }: StoredFile) => file
      if (!id && method === 'GET')
        return list(
          [...files.values()]
            .filter((file) => !query.get('purpose') || file.purpose === query.get('purpose'))
            .map(view),
        )
      const file = found(files, id!, 'file')
      if (method === 'GET') return view(file)
      files.delete(id!)
      return { id, object: 'file', deleted: true }
    }

    if (resource === 'vector_stores') {
      const storeView = (entry: { store: Record<string, unknown>; fileIds: string[] }) => ({
        ...entry.store,
        file_counts: {
          in_progress: 0,
          completed: entry.fileIds.length,
          failed: 0,
          cancelled: 0,
          total: entry.fileIds.length,
        },
        usage_bytes: entry.fileIds.reduce((sum, fileId) => sum + (files.get(fileId)?.bytes ?? 0), 0),
      })
      const storeFile = (storeId: string, fileId: string) => ({
        id: fileId,
        object: 'vector_store.file',
        vector_store_id: storeId,
        status: 'completed',
        usage_bytes: files.get(fileId)?.bytes ?? 0,
        created_at: now(),
        last_error: null,
      })
      if (!id && method === 'POST') {
        const body = json()
        const fileIds = (body.file_ids ?? []) as string[]
        for (const fileId of fileIds) found(files, fileId, 'file')
        const entry = {
          store: {
            id: nextId('vs_'),
            object: 'vector_store',
            name: body.name ?? null,
            created_at: now(),
            status: 'completed',
          },
          fileIds: [...fileIds],
        }
        vectorStores.set(entry.store.id, entry)
        return storeView(entry)
      }
      if (!id && method === 'GET') return list([...vectorStores.values()].reverse().map(storeView))
      const entry = found(vectorStores, id!, 'vector store')
      if (sub === 'files') {
        if (!subId && method === 'POST') {
          const fileId = String(json().file_id ?? '')
          found(files, fileId, 'file')
          if (!entry.fileIds.includes(fileId)) entry.fileIds.push(fileId)
          return storeFile(id!, fileId)
        }
        if (!subId && method === 'GET') return list(entry.fileIds.map((fileId) => storeFile(id!, fileId)))
        if (!entry.fileIds.includes(subId!))
          throw new ApiError(404, `No file found with id '${subId}' in vector store '${id}'.`)
        entry.fileIds = entry.fileIds.filter((fileId) => fileId !== subId)
        return { id: subId, object: 'vector_store.file.deleted', deleted: true }
      }
      if (method === 'GET') return storeView(entry)
      if (method === 'POST') {
        const body = json()
        if (typeof body.name === 'string') entry.store.name = body.name
        return storeView(entry)
      }
      vectorStores.delete(id!)
      return { id, object: 'vector_store.deleted', deleted: true }
    }

    if (resource === 'threads') {
      if (!id && method === 'POST') {
        const thread = { id: nextId('thread_'), object: 'thread', created_at: now(), metadata: {} }
        threads.set(thread.id, { messages: [] })
        return thread
      }
      const thread = found(threads, id!, 'thread')
      if (sub === 'messages' && method === 'POST') {
        if (thread.activeRun)
          throw new ApiError(400, `Can't add messages to ${id} while a run ${thread.activeRun} is active.`)
        const body = json()
        const message: StoredMessage = {
          id: nextId('msg_'),
          object: 'thread.message',
          role: 'user',
          run_id: null,
          thread_id: id!,
          content: [{ type: 'text', text: { value: String(body.content ?? ''), annotations: [] } }],
        }
        thread.messages.push(message)
        return message
      }
      if (sub === 'messages' && method === 'GET') {
        const runId = query.get('run_id')
        const messages = thread.messages.filter((message) => !runId || message.run_id === runId)
        return list(query.get('order') === 'asc' ? messages : [...messages].reverse())
      }
      if (sub === 'runs' && !subId && method === 'POST') {
        const body = json()
        found(assistants, String(body.assistant_id ?? ''), 'assistant')
        if (thread.activeRun) throw new ApiError(400, `Thread ${id} already has an active run ${thread.activeRun}.`)
        const run: StoredRun = {
          id: nextId('run_'),
          object: 'thread.run',
          thread_id: id!,
          assistant_id: String(body.assistant_id),
          status: 'queued',
          polls: 0,
          outcome: outcomes.shift() ?? defaultOutcome(id!),
        }
        runs.set(run.id, run)
        thread.activeRun = run.id
        return runView(run)
      }
      if (sub === 'runs' && subId) {
        const run = found(runs, subId, 'run')
        if (action === 'cancel' && method === 'POST') {
          run.status = 'cancelled'
          thread.activeRun = undefined
          return runView(run)
        }
        if (method === 'GET' && ['queued', 'in_progress'].includes(run.status)) {
          run.polls += 1
          if (run.polls === 1) run.status = 'in_progress'
          else finishRun(run)
        }
        return runView(run)
      }
    }
    throw new ApiError(404, `Invalid URL (${method} ${parts.join('/')})`)
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const method = req.method ?? 'GET'
    requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams) })
    void (async () => {
      try {
        if (!url.pathname.startsWith(`${prefix}/`)) throw new ApiError(404, 'Resource not found')
        authorize(req, url.searchParams)
        const parts = url.pathname
          .slice(prefix.length + 1)
          .split('/')
          .map(decodeURIComponent)
        sendJson(res, 200, await route(method, parts, url.searchParams, req))
      } catch (error) {
        const failure = error instanceof ApiError ? error : new ApiError(500, String(error))
        const body =
          options.dialect === 'AZURE'
            ? { error: { code: failure.code ?? String(failure.status), message: failure.message } }
            : { error: { message: failure.message, type: 'invalid_request_error', param: null, code: failure.code } }
        sendJson(res, failure.status, body)
      }
    })()
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    url: options.dialect === 'AZURE' ? origin : `${origin}/v1`,
    requests,
    assistants,
    files,
    vectorStores,
    threads,
    script: (...next) => void outcomes.push(...next),
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
