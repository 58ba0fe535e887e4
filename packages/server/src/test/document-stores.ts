import type { DocumentStore, DocumentStoreJob, DocumentStoreLoader } from '@weft/core'
import type { Browser } from './harness.js'

// Steps the document store tests share, each through the API as the web app takes them.

export const API = '/api/v1/document-store'

export async function createStore(
  b: Browser,
  name = 'Handbook',
  description = 'Team handbook',
): Promise<DocumentStore> {
  const res = await b.post(`${API}/store`, { name, description })
  if (res.status !== 201) throw new Error(`Creating the store failed: ${JSON.stringify(res.body)}`)
  return res.body as DocumentStore
}

/** A multipart/form-data body holding one file in the `files` field, as a browser's FormData sends it. */
export async function multipartFile(name: string, text: string, type: string) {
  const form = new FormData()
  form.append('files', new Blob([text], { type }), name)
  const encoded = new Response(form)
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! }
}

export async function uploadFile(
  b: Browser,
  storeId: string,
  name: string,
  text: string,
  type = 'text/plain',
): Promise<{ status: number; body: any }> {
  const { body, contentType } = await multipartFile(name, text, type)
  return b.post(`${API}/files/${storeId}`, body, { 'content-type': contentType })
}

export async function saveLoader(b: Browser, settings: Record<string, unknown>): Promise<DocumentStoreLoader> {
  const res = await b.post(`${API}/loader/save`, settings)
  if (res.status !== 200) throw new Error(`Saving the loader failed: ${JSON.stringify(res.body)}`)
  return res.body as DocumentStoreLoader
}

const isOver = (job: DocumentStoreJob) => job.status !== 'queued' && job.status !== 'running'

/** Processes the loader and waits for its job to end; answers the job as it ended. */
export async function processLoader(b: Browser, storeId: string, loaderId: string): Promise<DocumentStoreJob> {
  const started = await b.post(`${API}/loader/process/${loaderId}`)
  if (started.status !== 202) throw new Error(`Processing failed to start: ${JSON.stringify(started.body)}`)
  return waitForJob(b, storeId, (started.body as DocumentStoreJob).id)
}

export async function waitForJob(b: Browser, storeId: string, jobId: string): Promise<DocumentStoreJob> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const jobs = (await b.get<DocumentStoreJob[]>(`${API}/jobs/${storeId}`)).body
    const job = jobs.find((candidate) => candidate.id === jobId)
    if (job && isOver(job)) return job
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`Job ${jobId} did not end`)
}

/** Four paragraphs of a staff handbook: processedHandbookStore makes one chunk of each. */
export const HANDBOOK_PARAGRAPHS = [
  'Holidays are booked in the staff portal two weeks ahead.',
  'Expenses are paid back within 30 days once a receipt is uploaded.',
  'Laptops are replaced every three years by the IT desk.',
  'The office opens at eight and closes at six on weekdays.',
]

/** An upsert's settings that need nothing outside Weft: the built-in embedder into the embedded store. */
export const BUILT_IN_VECTORS = {
  embeddingName: 'offlineEmbeddings',
  embeddingConfig: {},
  vectorStoreName: 'embeddedVectorStore',
  vectorStoreConfig: {},
}

/** A store (Handbook) whose handbook text is processed into one chunk per paragraph, from source handbook.txt. */
export async function processedHandbookStore(b: Browser): Promise<{ store: DocumentStore; loaderId: string }> {
  const store = await createStore(b)
  const loader = await saveLoader(b, {
    storeId: store.id,
    loaderId: 'plainText',
    loaderConfig: { text: HANDBOOK_PARAGRAPHS.join('\n\n') },
    splitterId: 'recursiveCharacterTextSplitter',
    splitterConfig: { chunkSize: 80, chunkOverlap: 0 },
    metadata: { source: 'handbook.txt' },
  })
  const job = await processLoader(b, store.id, loader.id)
  if (job.status !== 'done') throw new Error(`Processing the handbook failed: ${JSON.stringify(job)}`)
  return { store, loaderId: loader.id }
}

/** Starts an upsert of the store's chunks, with the built-in embedder and store unless `settings` say otherwise. */
export async function startUpsert(
  b: Browser,
  storeId: string,
  settings: Record<string, unknown> = {},
): Promise<DocumentStoreJob> {
  const started = await b.post(`${API}/vectorstore/insert`, { storeId, ...BUILT_IN_VECTORS, ...settings })
  if (started.status !== 202) throw new Error(`The upsert failed to start: ${JSON.stringify(started.body)}`)
  return started.body as DocumentStoreJob
}

/** Upserts the store's chunks as startUpsert does and waits for the job to end; answers the job as it ended. */
export async function upsertStore(
  b: Browser,
  storeId: string,
  settings: Record<string, unknown> = {},
): Promise<DocumentStoreJob> {
  return waitForJob(b, storeId, (await startUpsert(b, storeId, settings)).id)
}

/** Every chunk of the loader's first page(s), in order. */
export async function chunkTexts(b: Browser, storeId: string, loaderId: string): Promise<string[]> {
  const texts: string[] = []
  for (let page = 1; ; page++) {
    const res = await b.get(`${API}/chunks/${storeId}/${loaderId}/${page}`)
    texts.push(...res.body.chunks.map((chunk: { pageContent: string }) => chunk.pageContent))
    if (texts.length >= res.body.count) return texts
  }
}
