import type {
  DocumentStore,
  DocumentStoreChunk,
  DocumentStoreFile,
  DocumentStoreJob,
  DocumentStoreLoader,
  InputParam,
  LoaderSettings,
  NodeDescriptor,
} from '@weft/core'
import { stubServer } from '../../../test/renderApp'
import { json } from '../../credentials/test/restServer'
import {
  catalogueNode,
  CREDENTIALS,
  initialVectorState,
  notFound,
  vectorServer,
  type VectorState,
} from './vectorServer'

const DAY = '2024-05-01T10:00:00.000Z'

export function storeOf(id: string, name: string, extra: Partial<DocumentStore> = {}): DocumentStore {
  return {
    id,
    name,
    description: '',
    status: 'EMPTY',
    loaders: [],
    whereUsed: [],
    embeddingConfig: null,
    vectorStoreConfig: null,
    recordManagerConfig: null,
    totalChunks: 0,
    totalChars: 0,
    createdDate: DAY,
    updatedDate: DAY,
    ...extra,
  }
}

export function loaderOf(id: string, extra: Partial<DocumentStoreLoader> = {}): DocumentStoreLoader {
  return {
    id,
    loaderId: 'plainText',
    loaderName: 'Plain Text',
    loaderConfig: { text: 'Opening hours are nine to five.' },
    splitterId: 'recursiveCharacterTextSplitter',
    splitterName: 'Recursive Character Text Splitter',
    splitterConfig: { chunkSize: 1000, chunkOverlap: 200 },
    totalChunks: 0,
    totalChars: 0,
    status: 'NEW',
    source: 'Opening hours are nine…',
    ...extra,
  }
}

export function jobOf(id: string, storeId: string, loaderId: string, extra: Partial<DocumentStoreJob> = {}): DocumentStoreJob {
  return {
    id,
    storeId,
    loaderId,
    kind: 'process',
    status: 'running',
    done: 0,
    total: 0,
    error: null,
    createdDate: DAY,
    updatedDate: DAY,
    ...extra,
  }
}

export function chunksOf(storeId: string, loaderId: string, count: number, text = (n: number) => `Passage ${n}`) {
  return Array.from(
    { length: count },
    (_, index): DocumentStoreChunk => ({
      id: `c${index + 1}`,
      docId: loaderId,
      storeId,
      chunkNo: index,
      pageContent: text(index + 1),
      metadata: { source: 'handbook.txt', line: index + 1 },
    }),
  )
}

// The catalogue's loaders and splitters as the server describes them (the fields the pages read).
const node: typeof catalogueNode = (name, label, category, inputs, extra = {}) =>
  catalogueNode(name, label, category, inputs, { color: '#5F8E29', baseClasses: ['Document'], ...extra })

const splitterAnchor: InputParam = { label: 'Text Splitter', name: 'textSplitter', type: 'TextSplitter', optional: true }
const metadataParam: InputParam = { label: 'Additional Metadata', name: 'metadata', type: 'json', optional: true, additionalParams: true }
const sizes: InputParam[] = [
  { label: 'Chunk Size', name: 'chunkSize', type: 'number', default: 1000, optional: true },
  { label: 'Chunk Overlap', name: 'chunkOverlap', type: 'number', default: 200, optional: true },
]

export const CATALOGUE: NodeDescriptor[] = [
  node('plainText', 'Plain Text', 'Document Loaders', [
    { label: 'Text', name: 'text', type: 'string', rows: 4 },
    splitterAnchor,
    metadataParam,
  ]),
  node('csvFile', 'Csv File', 'Document Loaders', [
    { label: 'Csv File', name: 'csvFile', type: 'file', fileType: '.csv' },
    splitterAnchor,
    { label: 'Single Column Extraction', name: 'columnName', type: 'string', optional: true, additionalParams: true },
    metadataParam,
  ]),
  // Every real loader runs now: one only these tests know stands for a loader that cannot run yet.
  node('unwrittenLoader', 'Unwritten Loader', 'Document Loaders', [{ label: 'File', name: 'file', type: 'file' }], {
    badge: 'Cannot run yet',
  }),
  node('recursiveCharacterTextSplitter', 'Recursive Character Text Splitter', 'Text Splitters', [
    ...sizes,
    { label: 'Custom Separators', name: 'separators', type: 'string', rows: 4, optional: true },
  ]),
  node('markdownTextSplitter', 'Markdown Text Splitter', 'Text Splitters', sizes),
  node('chatOpenAI', 'ChatOpenAI', 'Chat Models', []),
]

interface Call {
  path: string
  body: unknown
}

const bodyOf = (init?: RequestInit): unknown => {
  if (!init?.body) return undefined
  if (init.body instanceof FormData)
    return { files: init.body.getAll('files').map((file) => (file instanceof File ? file.name : String(file))) }
  return JSON.parse(String(init.body)) as unknown
}

/**
 * The document store API over in-memory stores, chunks and jobs, close to what the server does;
 * tests change `state` to move a job on. Upserts and queries are answered by vectorServer. Every
 * other call fails as if offline.
 */
export function storeServer(initial: { stores?: DocumentStore[]; chunks?: DocumentStoreChunk[]; jobs?: DocumentStoreJob[] } = {}) {
  const state = {
    stores: [...(initial.stores ?? [])],
    chunks: [...(initial.chunks ?? [])],
    jobs: [...(initial.jobs ?? [])],
    files: [] as DocumentStoreFile[],
    ...initialVectorState(),
  } satisfies VectorState & Record<string, unknown>
  let made = 0
  const next = (prefix: string) => `${prefix}${++made}`
  const storeById = (id: string) => state.stores.find((store) => store.id === id)
  const answerVector = vectorServer(state, next)

  const answer = (method: string, path: string, body: unknown): Response | undefined => {
    if (method === 'GET' && path === '/nodes') return json(CATALOGUE)
    const [route = '', query = ''] = path.split('?')
    if (method === 'GET' && route === '/credentials') {
      const names = new URLSearchParams(query).get('credentialName')?.split(',') ?? []
      return json(CREDENTIALS.filter((credential) => names.includes(credential.credentialName)))
    }
    const parts = route.split('/').slice(1).map(decodeURIComponent)
    if (parts[0] !== 'document-store') return undefined
    const [, kind, a, b, c] = parts
    const vectorAnswer = answerVector(method, kind, a, b, body)
    if (vectorAnswer) return vectorAnswer

    if (kind === 'store') {
      if (method === 'GET' && !a) return json(state.stores)
      if (method === 'POST' && !a) {
        const store = storeOf(next('s'), (body as DocumentStore).name, { description: (body as DocumentStore).description })
        state.stores.push(store)
        return json(store)
      }
      const store = storeById(a ?? '')
      if (!store) return notFound('Document store')
      if (method === 'GET') return json(store)
      if (method === 'PUT') return json(Object.assign(store, body))
      if (method === 'DELETE') {
        state.stores = state.stores.filter((other) => other !== store)
        return json({ id: store.id })
      }
    }
    if (kind === 'files' && method === 'POST') {
      const names = (body as { files: string[] }).files
      const file: DocumentStoreFile = { id: next('f'), name: names[0] ?? '', mimePrefix: 'text', size: 2048, uploaded: DAY }
      state.files.push(file)
      return json(file)
    }
    if (kind === 'loader') {
      const settings = body as LoaderSettings
      if (a === 'preview') {
        const total = 12
        const count = Math.min(total, settings.previewChunkCount ?? 20)
        return json({
          chunks: Array.from({ length: count }, (_, i) => ({ pageContent: `Preview chunk ${i + 1}`, metadata: { ...settings.metadata, n: i + 1 } })),
          totalChunks: total,
          previewChunkCount: count,
        })
      }
      if (a === 'save') {
        const store = storeById(settings.storeId)
        if (!store) return notFound('Document store')
        const loader = loaderOf(settings.id ?? next('l'), {
          loaderId: settings.loaderId,
          loaderName: settings.loaderName ?? settings.loaderId,
          loaderConfig: settings.loaderConfig,
          ...(settings.splitterId ? { splitterId: settings.splitterId, splitterName: settings.splitterName } : {}),
          files: state.files.filter((file) => (settings.loaderConfig.files as string[] | undefined)?.includes(file.id)),
        })
        store.loaders = [...store.loaders.filter((other) => other.id !== loader.id), loader]
        return json(loader)
      }
      if (a === 'process' && method === 'POST') {
        const store = state.stores.find((candidate) => candidate.loaders.some((loader) => loader.id === b))
        if (!store) return notFound('Loader')
        const job = jobOf(next('j'), store.id, b ?? '', { status: 'queued', createdDate: new Date().toISOString() })
        state.jobs.push(job)
        return json(job)
      }
      if (method === 'DELETE') {
        const store = storeById(a ?? '')
        if (!store) return notFound('Document store')
        store.loaders = store.loaders.filter((loader) => loader.id !== b)
        return json({ id: b })
      }
    }
    if (kind === 'chunks') {
      const store = storeById(a ?? '')
      const loader = store?.loaders.find((item) => item.id === b)
      if (!store || !loader) return notFound('Loader')
      if (method === 'GET') {
        const search = new URLSearchParams(query).get('search')?.toLowerCase() ?? ''
        const page = Number(c)
        const found = state.chunks.filter(
          (chunk) => chunk.docId === loader.id && chunk.pageContent.toLowerCase().includes(search),
        )
        return json({
          chunks: found.slice((page - 1) * 50, page * 50),
          count: found.length,
          file: loader,
          currentPage: page,
          storeName: store.name,
          description: store.description,
        })
      }
      const chunk = state.chunks.find((item) => item.id === c)
      if (!chunk) return notFound('Chunk')
      if (method === 'PUT') return json(Object.assign(chunk, body))
      if (method === 'DELETE') {
        state.chunks = state.chunks.filter((item) => item !== chunk)
        return json({ id: c })
      }
    }
    if (kind === 'jobs') {
      if (method === 'GET') return json(state.jobs.filter((job) => job.storeId === a))
      const job = state.jobs.find((item) => item.id === a)
      if (method === 'POST' && job && b === 'cancel') return json(Object.assign(job, { status: 'cancelled' }))
    }
    return undefined
  }

  const fetch = stubServer((url, init) => answer(init?.method ?? 'GET', url.replace(/^\/api\/v1/, ''), bodyOf(init)))
  const calls = (method: string): Call[] =>
    fetch.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === method)
      .map(([url, init]) => ({ path: url.replace(/^\/api\/v1/, ''), body: bodyOf(init) }))
      .filter((call) => call.path.startsWith('/document-store'))
  return { fetch, calls, state }
}
