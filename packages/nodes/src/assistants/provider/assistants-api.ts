import type {
  ProviderAssistant,
  ProviderFile,
  ProviderToolResources,
  ProviderToolSpec,
  ProviderVectorStore,
  ProviderVectorStoreFile,
} from '@weft/core'
import type { OutboundFetch } from '../../net/outbound-guard.js'
import type { AssistantsEndpoint } from './assistants-endpoint.js'
import { callAssistantsApi, type AssistantsCall } from './assistants-request.js'

// The parts of the Assistants API v2 Weft uses, the same on OpenAI and Azure OpenAI (see
// assistants-endpoint.ts for how the two are addressed and signed).

/** What an assistant is created or changed with (the provider's field names). */
export interface AssistantFields {
  name?: string
  description?: string | null
  model?: string
  instructions?: string | null
  temperature?: number | null
  top_p?: number | null
  tools?: ProviderToolSpec[]
  tool_resources?: ProviderToolResources
}

/** A file to upload, as it arrived. */
export interface FileToUpload {
  name: string
  type: string
  bytes: Uint8Array<ArrayBuffer>
}

export interface ProviderThread {
  id: string
}

export type RunStatus =
  | 'queued'
  | 'in_progress'
  | 'requires_action'
  | 'cancelling'
  | 'cancelled'
  | 'failed'
  | 'completed'
  | 'incomplete'
  | 'expired'

export interface ProviderRun {
  id: string
  status: RunStatus
  last_error?: { code?: string; message?: string } | null
  incomplete_details?: { reason?: string } | null
  required_action?: {
    submit_tool_outputs?: { tool_calls?: { function?: { name?: string } }[] }
  } | null
}

export interface TextAnnotation {
  type: string
  text: string
  file_citation?: { file_id: string }
}

export interface ProviderMessage {
  id: string
  role: 'user' | 'assistant'
  run_id: string | null
  content: { type: string; text?: { value: string; annotations?: TextAnnotation[] } }[]
}

interface Page<T> {
  data: T[]
  has_more?: boolean
  last_id?: string | null
}

interface Deleted {
  id: string
  deleted: boolean
}

const PAGE_SIZE = '100'
// Enough for any picker; a workspace with more sees the newest ones.
const MAX_PAGES = 10

const CANCEL_TIMEOUT_MS = 10_000

const part = (id: string) => encodeURIComponent(id)

/** The Assistants API behind one endpoint; every request goes through `fetch`, the outbound guard. */
export function assistantsApi(endpoint: AssistantsEndpoint, fetch: OutboundFetch, signal?: AbortSignal) {
  const call = <T>(request: AssistantsCall) => callAssistantsApi<T>(endpoint, fetch, { signal, ...request })
  const get = <T>(path: string, query?: Record<string, string | undefined>) => call<T>({ method: 'GET', path, query })
  const post = <T>(path: string, json: unknown = {}) => call<T>({ method: 'POST', path, json })
  const remove = (path: string) => call<Deleted>({ method: 'DELETE', path })

  /** Every item of a list, following `after` while the provider has more. */
  async function listAll<T extends { id: string }>(path: string, query: Record<string, string> = {}): Promise<T[]> {
    const items: T[] = []
    let after: string | undefined
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await get<Page<T>>(path, { ...query, limit: PAGE_SIZE, order: 'desc', after })
      items.push(...answer.data)
      after = answer.last_id ?? answer.data.at(-1)?.id
      if (!answer.has_more || !after) break
    }
    return items
  }

  return {
    endpoint,
    assistants: {
      list: () => listAll<ProviderAssistant>('/assistants'),
      retrieve: (id: string) => get<ProviderAssistant>(`/assistants/${part(id)}`),
      create: (fields: AssistantFields) => post<ProviderAssistant>('/assistants', fields),
      update: (id: string, fields: AssistantFields) => post<ProviderAssistant>(`/assistants/${part(id)}`, fields),
      delete: (id: string) => remove(`/assistants/${part(id)}`),
    },
    files: {
      list: () => get<Page<ProviderFile>>('/files', { purpose: 'assistants' }).then((page) => page.data),
      retrieve: (id: string) => get<ProviderFile>(`/files/${part(id)}`),
      upload(file: FileToUpload): Promise<ProviderFile> {
        const form = new FormData()
        form.append('purpose', 'assistants')
        form.append('file', new Blob([file.bytes], { type: file.type || 'application/octet-stream' }), file.name)
        return call<ProviderFile>({ method: 'POST', path: '/files', form })
      },
      delete: (id: string) => remove(`/files/${part(id)}`),
    },
    vectorStores: {
      list: () => listAll<ProviderVectorStore>('/vector_stores'),
      retrieve: (id: string) => get<ProviderVectorStore>(`/vector_stores/${part(id)}`),
      create: (fields: { name?: string; file_ids?: string[] }) => post<ProviderVectorStore>('/vector_stores', fields),
      update: (id: string, fields: { name?: string }) =>
        post<ProviderVectorStore>(`/vector_stores/${part(id)}`, fields),
      delete: (id: string) => remove(`/vector_stores/${part(id)}`),
      addFile: (id: string, fileId: string) =>
        post<ProviderVectorStoreFile>(`/vector_stores/${part(id)}/files`, { file_id: fileId }),
      listFiles: (id: string) => listAll<ProviderVectorStoreFile>(`/vector_stores/${part(id)}/files`),
      deleteFile: (id: string, fileId: string) => remove(`/vector_stores/${part(id)}/files/${part(fileId)}`),
    },
    threads: {
      create: () => post<ProviderThread>('/threads'),
      addMessage: (threadId: string, text: string) =>
        post<ProviderMessage>(`/threads/${part(threadId)}/messages`, { role: 'user', content: text }),
      createRun: (threadId: string, assistantId: string) =>
        post<ProviderRun>(`/threads/${part(threadId)}/runs`, { assistant_id: assistantId }),
      retrieveRun: (threadId: string, runId: string) =>
        get<ProviderRun>(`/threads/${part(threadId)}/runs/${part(runId)}`),
      /** Not bound to the caller's signal: a run is cancelled when the caller has gone too. */
      cancelRun: (threadId: string, runId: string) =>
        call<ProviderRun>({
          method: 'POST',
          path: `/threads/${part(threadId)}/runs/${part(runId)}/cancel`,
          json: {},
          signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS),
        }),
      /** The messages a run wrote, oldest first. */
      runMessages: (threadId: string, runId: string) =>
        get<Page<ProviderMessage>>(`/threads/${part(threadId)}/messages`, { run_id: runId, order: 'asc' }).then(
          (page) => page.data,
        ),
    },
  }
}

export type AssistantsApi = ReturnType<typeof assistantsApi>
