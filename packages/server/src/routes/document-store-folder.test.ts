import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makePdf } from '../../../nodes/src/testing/make-pdf.js'
import { testDialects } from '../test/dialects.js'
import { API, createStore, processLoader, saveLoader } from '../test/document-stores.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// A folder in Weft is the files a user uploads together: Folder with Files reads each with the
// loader for its type, in a store as in a flow.

const FOLDER: { name: string; type: string; content: string | Uint8Array<ArrayBuffer> }[] = [
  { name: 'notes.txt', type: 'text/plain', content: 'Support answers every ticket within one working day.' },
  { name: 'guide.md', type: 'text/markdown', content: '# Shipping\n\nParcels leave the warehouse within two days.' },
  {
    name: 'handbook.pdf',
    type: 'application/pdf',
    content: new Uint8Array(makePdf([['Refund policy: 30 days'], ['Returns are free.']])),
  },
  { name: 'people.csv', type: 'text/csv', content: 'name,team\nAda,engineering\nBo,sales\n' },
]

interface Chunk {
  pageContent: string
  metadata: Record<string, unknown>
}

describe.each(testDialects())('document store folder loader on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  /** Uploads one file as the browser's FormData sends it, binary content included. */
  async function upload(storeId: string, file: (typeof FOLDER)[number]): Promise<string> {
    const form = new FormData()
    form.append('files', new Blob([file.content], { type: file.type }), file.name)
    const encoded = new Response(form)
    const res = await admin.post(`${API}/files/${storeId}`, Buffer.from(await encoded.arrayBuffer()), {
      'content-type': encoded.headers.get('content-type')!,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.id as string
  }

  async function chunksOf(storeId: string, loaderId: string): Promise<Chunk[]> {
    const page = (await admin.get(`${API}/chunks/${storeId}/${loaderId}/1`)).body
    expect(page.chunks).toHaveLength(page.count)
    return page.chunks as Chunk[]
  }

  it('reads every uploaded file of the folder with the loader for its type, chunks naming their file', async () => {
    const store = await createStore(admin)
    const files: string[] = []
    for (const file of FOLDER) files.push(await upload(store.id, file))
    const loader = await saveLoader(admin, {
      storeId: store.id,
      loaderId: 'folderFiles',
      loaderConfig: { files, pdfUsage: 'perPage' },
      metadata: { team: 'help' },
    })
    expect((await processLoader(admin, store.id, loader.id)).status).toBe('done')

    const chunks = await chunksOf(store.id, loader.id)
    const bySource = (source: string) => chunks.filter((chunk) => chunk.metadata.source === source)
    expect(bySource('notes.txt').map((chunk) => chunk.pageContent)).toEqual([
      'Support answers every ticket within one working day.',
    ])
    expect(bySource('guide.md').map((chunk) => chunk.pageContent)).toEqual([
      '# Shipping\n\nParcels leave the warehouse within two days.',
    ])
    // The PDF by page, the CSV by row, as their own loaders read them.
    expect(bySource('handbook.pdf').map((chunk) => [chunk.pageContent, chunk.metadata.loc])).toEqual([
      ['Refund policy: 30 days', { pageNumber: 1 }],
      ['Returns are free.', { pageNumber: 2 }],
    ])
    expect(bySource('people.csv').map((chunk) => [chunk.pageContent, chunk.metadata.row])).toEqual([
      ['name: Ada\nteam: engineering', 1],
      ['name: Bo\nteam: sales', 2],
    ])
    expect(chunks).toHaveLength(6)
    expect(chunks.every((chunk) => chunk.metadata.team === 'help')).toBe(true)
    const saved = (await admin.get(`${API}/store/${store.id}`)).body
    expect(saved.loaders[0].files.map((file: { name: string }) => file.name).sort()).toEqual(
      FOLDER.map((file) => file.name).sort(),
    )
  })

  it('previews a folder with a splitter and PDFs read whole, and skips types left out of File Types', async () => {
    const store = await createStore(admin)
    const files: string[] = []
    for (const file of FOLDER) files.push(await upload(store.id, file))
    const preview = await admin.post(`${API}/loader/preview`, {
      storeId: store.id,
      loaderId: 'folderFiles',
      loaderConfig: { files, pdfUsage: 'perFile', fileTypes: '[".pdf",".txt"]' },
      splitterId: 'recursiveCharacterTextSplitter',
      splitterConfig: { chunkSize: 1000, chunkOverlap: 0 },
    })
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(preview.body.chunks.map((chunk: Chunk) => [chunk.metadata.source, chunk.pageContent])).toEqual([
      ['notes.txt', 'Support answers every ticket within one working day.'],
      ['handbook.pdf', 'Refund policy: 30 days\n\nReturns are free.'],
    ])
  })

  it('refuses a folder path from a Flowise flow, saying folders are uploaded, and an empty folder', async () => {
    const store = await createStore(admin)
    const path = await admin.post(`${API}/loader/save`, {
      storeId: store.id,
      loaderId: 'folderFiles',
      loaderConfig: { folderPath: '/etc' },
    })
    expect(path.status).toBe(400)
    expect(path.body.message).toBe(
      "loaderConfig.folderPath: Weft never reads a folder of the server; upload the folder's files to the store (POST /api/v1/document-store/files/:storeId) and list their ids in loaderConfig.files",
    )
    const empty = await admin.post(`${API}/loader/preview`, {
      storeId: store.id,
      loaderId: 'folderFiles',
      loaderConfig: {},
    })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe('Folder with Files: Choose a file in Folder.')
  })
})
