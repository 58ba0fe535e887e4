import type { Assistant, ProviderAssistant, ProviderVectorStore } from '@weft/core'
import { vi } from 'vitest'
import { json } from '../../credentials/test/restServer'

// A stubbed API for the OpenAI / Azure assistants screen: the assistants API over a list in
// memory, the workspace's provider credentials, and the provider's assistants, files and vector
// stores as the server's helper routes answer them. Uploads arrive as FormData.

export interface ProviderServerOptions {
  assistants?: Assistant[]
  atProvider?: ProviderAssistant[]
  /** Answers the assistant list with this status instead. */
  failList?: number
  /** Answers saving with 400 and this message. */
  refuseSave?: string
}

export const providerAssistantOf = (
  id: string,
  type: 'OPENAI' | 'AZURE',
  details: Record<string, unknown>,
): Assistant => ({
  id,
  type,
  details: JSON.stringify(details),
  credential: 'c1',
  iconSrc: null,
  workspaceId: 'w1',
  createdDate: '2026-11-01T00:00:00.000Z',
  updatedDate: '2026-11-02T00:00:00.000Z',
})

const credentialOf = (credentialName: string) => ({
  id: 'c1',
  name: credentialName === 'azureOpenAIApi' ? 'Azure key' : 'OpenAI key',
  credentialName,
  workspaceId: 'w1',
  createdDate: '',
  updatedDate: '',
})

export function providerServer(options: ProviderServerOptions = {}) {
  let assistants = [...(options.assistants ?? [])]
  const stores: ProviderVectorStore[] = []
  const storeFiles = new Map<string, { id: string; filename: string }[]>()
  const sent: { method: string; path: string; body: unknown }[] = []
  let files = 0
  // While held, uploads wait: the screen shows how far they are.
  let held: Promise<void> | undefined
  let release = () => {}

  const answer = (url: string, init?: RequestInit): Response | Promise<Response> | undefined => {
    const method = init?.method ?? 'GET'
    const path = url.replace(/^\/api\/v1/, '')
    const form = init?.body instanceof FormData ? init.body : undefined
    const body = form
      ? { files: form.getAll('files').map((file) => (file as File).name) }
      : init?.body
        ? (JSON.parse(String(init.body)) as unknown)
        : undefined
    if (method !== 'GET') sent.push({ method, path, body })
    const uploaded = () => {
      const response = json(
        (body as { files: string[] }).files.map((filename) => ({
          id: `file-${++files}`,
          filename,
          bytes: 2048,
          created_at: 1,
          purpose: 'assistants',
        })),
      )
      return held ? held.then(() => response) : response
    }

    const type = /^\/assistants\?type=(OPENAI|AZURE)$/.exec(path)?.[1]
    if (method === 'GET' && type) {
      if (options.failList) return json({ message: 'The database is asleep' }, options.failList)
      return json(assistants.filter((assistant) => assistant.type === type))
    }
    const credentialName = /^\/credentials\?credentialName=(\w+)$/.exec(path)?.[1]
    if (method === 'GET' && credentialName) return json([credentialOf(credentialName)])
    if (method === 'GET' && path === '/openai-assistants?credential=c1') return json(options.atProvider ?? [])
    if (method === 'POST' && path === '/openai-assistants-file/upload?credential=c1') return uploaded()
    if (method === 'GET' && path === '/openai-assistants-vector-store?credential=c1') return json(stores)
    if (method === 'POST' && path === '/openai-assistants-vector-store?credential=c1') {
      const store = {
        id: `vs_${stores.length + 1}`,
        name: (body as { name: string }).name,
        created_at: 1,
        usage_bytes: 0,
        status: 'completed',
        file_counts: { in_progress: 0, completed: 0, failed: 0, cancelled: 0, total: 0 },
      }
      stores.push(store)
      return json(store)
    }
    const storeId = /^\/openai-assistants-vector-store\/(vs_\d+)(\/files)?\?credential=c1$/.exec(path)
    if (storeId && method === 'GET' && storeId[2]) {
      return json(
        (storeFiles.get(storeId[1]!) ?? []).map((file) => ({
          ...file,
          status: 'completed',
          usage_bytes: 2048,
          created_at: 1,
        })),
      )
    }
    if (storeId && method === 'POST') {
      const answer = uploaded()
      const names = (body as { files: string[] }).files
      storeFiles.set(storeId[1]!, [
        ...(storeFiles.get(storeId[1]!) ?? []),
        ...names.map((filename, index) => ({ id: `file-${files - names.length + index + 1}`, filename })),
      ])
      return answer
    }

    if ((method === 'POST' || method === 'PUT') && options.refuseSave) {
      return json({ statusCode: 400, message: options.refuseSave }, 400)
    }
    const request = body as { type: 'OPENAI' | 'AZURE'; details: string; credential: string }
    if (method === 'POST' && path === '/assistants') {
      const details = { id: 'asst_new', ...JSON.parse(request.details), chatflowId: 'f1' }
      const created = {
        ...providerAssistantOf(`a${assistants.length + 1}`, request.type, details),
        credential: request.credential,
      }
      assistants = [...assistants, created]
      return json(created, 201)
    }
    const id = /^\/assistants\/([^/?]+)(\?isDeleteBoth=true)?$/.exec(path)?.[1]
    const found = assistants.find((assistant) => assistant.id === id)
    if (method === 'PUT' && found) {
      const updated = { ...found, details: JSON.stringify({ ...JSON.parse(request.details), chatflowId: 'f1' }) }
      assistants = assistants.map((assistant) => (assistant.id === id ? updated : assistant))
      return json(updated)
    }
    if (method === 'DELETE' && found) {
      assistants = assistants.filter((assistant) => assistant !== found)
      return json({ id })
    }
    if (method === 'GET' && path.startsWith('/chatmessage/f1')) return json([])
    if (method === 'GET' && path === '/chatflows-streaming/f1') return json({ isStreaming: false })
    return undefined
  }
  const fetch = vi.fn(
    async (url: string, init?: RequestInit) => (await answer(url, init)) ?? Promise.reject(new TypeError('offline')),
  )
  vi.stubGlobal('fetch', fetch)
  return {
    fetch,
    sent: (method: string) => sent.filter((call) => call.method === method),
    holdUploads: () => {
      held = new Promise((resolve) => (release = resolve))
    },
    releaseUploads: () => {
      held = undefined
      release()
    },
  }
}
