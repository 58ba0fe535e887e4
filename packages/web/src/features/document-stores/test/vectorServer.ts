import {
  matchesMetadataFilter,
  readMetadataFilter,
  type DocumentStore,
  type DocumentStoreChunk,
  type DocumentStoreJob,
  type InputParam,
  type NodeDescriptor,
  type UpsertHistoryEntry,
  type UpsertResult,
  type VectorQuery,
  type VectorStoreSettings,
} from '@weft/core'
import { json } from '../../credentials/test/restServer'

// The upsert half of the fake document store API: embedding and vector store nodes, saved configs,
// upserts as jobs that move on with each look at the jobs, their history, and queries scored by the
// words a chunk shares with the question.

/** A catalogue node as the server describes it (the fields the pages read). */
export const catalogueNode = (
  name: string,
  label: string,
  category: string,
  inputs: InputParam[],
  extra: Partial<NodeDescriptor> = {},
) =>
  ({
    name,
    label,
    version: 1,
    type: label.replace(/ /g, ''),
    category,
    description: `${label} description.`,
    icon: `${name}.svg`,
    color: '#A459CF',
    baseClasses: [label.replace(/ /g, '')],
    inputs,
    canvases: ['chatflow'],
    ...extra,
  }) satisfies NodeDescriptor

const topK: InputParam = {
  label: 'Top K',
  name: 'topK',
  type: 'number',
  default: 4,
  optional: true,
  additionalParams: true,
}
const anchors: InputParam[] = [
  { label: 'Document', name: 'document', type: 'Document', list: true, optional: true },
  { label: 'Embeddings', name: 'embeddings', type: 'Embeddings' },
]

export const EMBEDDINGS: NodeDescriptor[] = [
  catalogueNode(
    'openAIEmbeddings',
    'OpenAI Embeddings',
    'Embeddings',
    [{ label: 'Model Name', name: 'modelName', type: 'string', default: 'text-embedding-3-small' }],
    { credential: { label: 'Connect Credential', credentialNames: ['openAIApi'] } },
  ),
  catalogueNode('offlineEmbeddings', 'Built-in Hashing Embeddings', 'Embeddings', [
    { label: 'Dimensions', name: 'dimensions', type: 'number', default: 256, optional: true, additionalParams: true },
  ]),
]

export const VECTOR_STORES: NodeDescriptor[] = [
  catalogueNode('qdrant', 'Qdrant', 'Vector Stores', [
    ...anchors,
    { label: 'Qdrant Server URL', name: 'qdrantServerUrl', type: 'string' },
    { label: 'Collection Name', name: 'qdrantCollection', type: 'string' },
    topK,
  ]),
  catalogueNode('embeddedVectorStore', 'Embedded Vector Store', 'Vector Stores', [
    ...anchors,
    { label: 'Collection Name', name: 'collectionName', type: 'string', default: 'default' },
    topK,
  ]),
]

export const CREDENTIALS = [{ id: 'cred-1', name: 'Team OpenAI key', credentialName: 'openAIApi' }]

export interface VectorState {
  stores: DocumentStore[]
  chunks: DocumentStoreChunk[]
  jobs: DocumentStoreJob[]
  history: UpsertHistoryEntry[]
  /** The chunks each store's vector store holds, by store id, as they were when upserted. */
  vectors: Map<string, DocumentStoreChunk[]>
  /** Chunks an upsert job moves on per look at the jobs. */
  upsertStep: number
  /** While set, upserts stop at this many chunks done (to look at a job mid-way). */
  holdAt: number | undefined
  /** While set, an upsert fails with this error when it reaches its end. */
  upsertError: string | undefined
}

export const initialVectorState = () => ({
  history: [] as UpsertHistoryEntry[],
  vectors: new Map<string, DocumentStoreChunk[]>(),
  upsertStep: 2,
  holdAt: undefined as number | undefined,
  upsertError: undefined as string | undefined,
})

const badRequest = (message: string) => json({ statusCode: 400, error: 'Bad Request', message }, 400)
export const notFound = (what: string) =>
  json({ statusCode: 404, error: 'Not Found', message: `${what} not found` }, 404)
const now = () => new Date().toISOString()

/** Each upsert's scope and settings, by job id. */
const plans = new WeakMap<DocumentStoreJob, VectorStoreSettings>()

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? [])

/** Cosine similarity of the two texts' sets of words. */
function similarity(query: Set<string>, text: string): number {
  const other = words(text)
  let shared = 0
  for (const word of query) if (other.has(word)) shared += 1
  return query.size && other.size ? shared / Math.sqrt(query.size * other.size) : 0
}

/** What writing `chunks` over `before` does, Flowise's way: without a record manager, all are added. */
function resultOf(chunks: DocumentStoreChunk[], before: DocumentStoreChunk[], skipUnchanged: boolean): UpsertResult {
  if (!skipUnchanged) return { numAdded: chunks.length, numUpdated: 0, numSkipped: 0, numDeleted: 0 }
  const old = new Map(before.map((chunk) => [chunk.id, chunk.pageContent]))
  const ids = new Set(chunks.map((chunk) => chunk.id))
  return {
    numAdded: chunks.filter((chunk) => !old.has(chunk.id)).length,
    numUpdated: chunks.filter((chunk) => old.has(chunk.id) && old.get(chunk.id) !== chunk.pageContent).length,
    numSkipped: chunks.filter((chunk) => old.get(chunk.id) === chunk.pageContent).length,
    numDeleted: before.filter((chunk) => !ids.has(chunk.id)).length,
  }
}

export function vectorServer(state: VectorState, next: (prefix: string) => string) {
  const storeById = (id: string) => state.stores.find((store) => store.id === id)
  const entryOf = (job: DocumentStoreJob) => state.history.find((entry) => entry.jobId === job.id)
  const scopeOf = (settings: VectorStoreSettings) =>
    state.chunks.filter(
      (chunk) => chunk.storeId === settings.storeId && (!settings.docId || chunk.docId === settings.docId),
    )

  const saveConfig = (store: DocumentStore, settings: VectorStoreSettings) =>
    Object.assign(store, {
      embeddingConfig: { name: settings.embeddingName, config: settings.embeddingConfig },
      vectorStoreConfig: { name: settings.vectorStoreName, config: settings.vectorStoreConfig },
      recordManagerConfig: settings.recordManagerName
        ? { name: settings.recordManagerName, config: settings.recordManagerConfig ?? {} }
        : null,
    })

  const end = (job: DocumentStoreJob, status: DocumentStoreJob['status'], extra: Partial<UpsertHistoryEntry> = {}) => {
    Object.assign(job, { status, updatedDate: now(), ...(extra.error ? { error: extra.error } : {}) })
    Object.assign(entryOf(job) ?? {}, { status, ...extra })
  }

  /** One look at the jobs moves each upsert on, and ends it when every chunk is written. */
  function advance(job: DocumentStoreJob) {
    const settings = plans.get(job)
    const store = storeById(job.storeId)
    if (!settings || !store || job.kind !== 'upsert' || (job.status !== 'queued' && job.status !== 'running')) return
    const limit = state.holdAt ?? job.total
    Object.assign(job, { status: 'running', done: Math.min(limit, job.done + state.upsertStep) })
    if (job.done < job.total) return
    if (state.upsertError) {
      end(job, 'failed', { error: state.upsertError })
      store.status = 'STALE'
      return
    }
    const chunks = scopeOf(settings)
    const before = state.vectors.get(store.id) ?? []
    const kept = settings.docId ? before.filter((chunk) => chunk.docId !== settings.docId) : []
    const scopeBefore = settings.docId ? before.filter((chunk) => chunk.docId === settings.docId) : before
    state.vectors.set(store.id, [...kept, ...chunks.map((chunk) => ({ ...chunk }))])
    end(job, 'done', { result: resultOf(chunks, scopeBefore, Boolean(settings.recordManagerName)) })
    store.status = 'UPSERTED'
  }

  function insert(settings: VectorStoreSettings) {
    const store = storeById(settings.storeId)
    if (!store) return notFound('Document store')
    if (!EMBEDDINGS.some((item) => item.name === settings.embeddingName))
      return badRequest(`Embeddings ${settings.embeddingName} cannot run here`)
    if (
      settings.vectorStoreName === 'qdrant' &&
      !String(settings.vectorStoreConfig.qdrantServerUrl ?? '').startsWith('http')
    )
      return badRequest('Qdrant Server URL must be an http(s) address')
    const total = scopeOf(settings).length
    if (total === 0) return badRequest('There are no chunks to upsert: process a loader first')
    saveConfig(store, settings)
    const date = now()
    const job: DocumentStoreJob = {
      id: next('u'),
      storeId: store.id,
      loaderId: settings.docId ?? null,
      kind: 'upsert',
      status: 'queued',
      done: 0,
      total,
      error: null,
      createdDate: date,
      updatedDate: date,
    }
    plans.set(job, settings)
    state.jobs.push(job)
    state.history.unshift({
      id: next('h'),
      storeId: store.id,
      jobId: job.id,
      status: 'queued',
      result: null,
      embeddingName: settings.embeddingName,
      vectorStoreName: settings.vectorStoreName,
      error: null,
      date,
    })
    store.status = 'UPSERTING'
    return json(job, 202)
  }

  function query(body: VectorQuery) {
    const store = storeById(body.storeId)
    if (!store) return notFound('Document store')
    const stored = state.vectors.get(store.id)
    if (!stored) return badRequest(`${store.name} has not been upserted yet`)
    const { filter, error } = readMetadataFilter(body.filter)
    if (error) return badRequest(error)
    const started = performance.now()
    const question = words(body.query)
    const docs = stored
      .filter((chunk) => matchesMetadataFilter(chunk.metadata, filter))
      .map((chunk) => ({
        id: chunk.id,
        pageContent: chunk.pageContent,
        metadata: chunk.metadata,
        score: similarity(question, chunk.pageContent),
      }))
      .filter((doc) => doc.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, body.topK ?? 4)
    return json({ timeTaken: Math.round(performance.now() - started), docs })
  }

  /** The answer to a call under /document-store (`kind` is the segment after it), or undefined. */
  return (method: string, kind: string | undefined, a: string | undefined, b: string | undefined, body: unknown) => {
    if (kind === 'components' && method === 'GET') {
      if (a === 'embeddings') return json(EMBEDDINGS)
      if (a === 'vectorstore') return json(VECTOR_STORES)
    }
    if (kind === 'vectorstore') {
      if (method === 'POST' && a === 'save') {
        const store = storeById((body as VectorStoreSettings).storeId)
        return store ? json(saveConfig(store, body as VectorStoreSettings)) : notFound('Document store')
      }
      if (method === 'POST' && a === 'insert') return insert(body as VectorStoreSettings)
      if (method === 'POST' && a === 'query') return query(body as VectorQuery)
      if (method === 'DELETE') {
        const store = storeById(a ?? '')
        if (!store) return notFound('Document store')
        state.vectors.delete(store.id)
        store.status = 'SYNC'
        return json(store)
      }
    }
    if (kind === 'upsert-history' && method === 'GET') return json(state.history.filter((entry) => entry.storeId === a))
    if (kind === 'jobs') {
      if (method === 'GET') state.jobs.filter((job) => job.storeId === a).forEach(advance)
      const job = state.jobs.find((item) => item.id === a)
      if (method === 'POST' && job?.kind === 'upsert' && b === 'cancel') {
        end(job, 'cancelled')
        const store = storeById(job.storeId)
        if (store) store.status = state.vectors.has(store.id) ? 'STALE' : 'SYNC'
        return json(job)
      }
    }
    return undefined
  }
}
