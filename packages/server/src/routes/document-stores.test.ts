import type * as NodesModule from '@weft/nodes'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { testDialects } from '../test/dialects.js'
import {
  API,
  chunkTexts,
  createStore,
  multipartFile,
  processLoader,
  saveLoader,
  uploadFile,
} from '../test/document-stores.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, createRole, signInMember, switchWorkspace } from '../test/workspace-members.js'

// Every loader of the catalogue runs now: a loader only these tests know stands for one that cannot run yet.
vi.mock('@weft/nodes', async (importOriginal) => {
  const real = await importOriginal<typeof NodesModule>()
  const { CANNOT_RUN_BADGE } = await import('@weft/core')
  const unwritten = {
    descriptor: {
      ...real.findNode('plainText')!.descriptor,
      name: 'unwrittenLoader',
      label: 'Unwritten Loader',
      badge: CANNOT_RUN_BADGE,
    },
    run: async () => {
      throw new real.NotRunnableYetError()
    },
  }
  return {
    ...real,
    nodes: [...real.nodes, unwritten],
    findNode: (name: string) => (name === unwritten.descriptor.name ? unwritten : real.findNode(name)),
  }
})

const PEOPLE_CSV = 'name,team\nAda,engineering\n\nBo,sales\n'
/** 120 short lines: a 20-character splitter makes one chunk of each. */
const LINES = Array.from({ length: 120 }, (_, i) => `Line ${String(i).padStart(3, '0')} text`).join('\n')
const lineSplitter = {
  splitterId: 'recursiveCharacterTextSplitter',
  splitterConfig: { chunkSize: 20, chunkOverlap: 0 },
}

describe.each(testDialects())('document stores API on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  it('creates, lists, updates and deletes stores', async () => {
    const store = await createStore(admin, 'Handbook', 'Team handbook')
    expect(store).toEqual({
      id: expect.any(String),
      name: 'Handbook',
      description: 'Team handbook',
      status: 'EMPTY',
      loaders: [],
      whereUsed: [],
      embeddingConfig: null,
      vectorStoreConfig: null,
      recordManagerConfig: null,
      totalChunks: 0,
      totalChars: 0,
      createdDate: expect.any(String),
      updatedDate: expect.any(String),
    })
    const other = await createStore(admin, 'Contracts', '')
    expect((await admin.get(`${API}/store`)).body.map((s: { name: string }) => s.name).sort()).toEqual([
      'Contracts',
      'Handbook',
    ])

    const embedding = { name: 'offlineEmbeddings', config: {} }
    const updated = await admin.put(`${API}/store/${store.id}`, { name: 'Staff handbook', embeddingConfig: embedding })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({
      name: 'Staff handbook',
      description: 'Team handbook',
      embeddingConfig: embedding,
    })
    expect((await admin.get(`${API}/store/${store.id}`)).body.name).toBe('Staff handbook')

    expect((await admin.delete(`${API}/store/${other.id}`)).body).toEqual({ deleted: 1 })
    expect((await admin.get(`${API}/store/${other.id}`)).status).toBe(404)
    expect((await admin.get(`${API}/store`)).body).toHaveLength(1)
  })

  it('refuses bad input, naming the field', async () => {
    const noName = await admin.post(`${API}/store`, { description: 'x' })
    expect(noName.status).toBe(400)
    expect(noName.body.message).toContain('body.name')
    const store = await createStore(admin)
    const badPreview = await admin.post(`${API}/loader/preview`, {
      storeId: store.id,
      loaderId: 'plainText',
      loaderConfig: 'x',
    })
    expect(badPreview.status).toBe(400)
    expect(badPreview.body.message).toContain('body.loaderConfig')
    const badPage = await admin.get(`${API}/chunks/${store.id}/nope/0`)
    expect(badPage.status).toBe(400)
    expect(badPage.body.message).toContain('params.pageNo')
  })

  it('takes uploaded text and CSV files, one per request', async () => {
    const store = await createStore(admin)
    const text = await uploadFile(admin, store.id, 'notes.txt', 'Hello handbook')
    expect(text.status).toBe(201)
    expect(text.body).toEqual({
      id: expect.any(String),
      name: 'notes.txt',
      mimePrefix: 'text/plain',
      size: 14,
      uploaded: expect.any(String),
    })
    // The browser gives no type to some files: the name tells.
    const csv = await uploadFile(admin, store.id, 'people.csv', PEOPLE_CSV, '')
    expect(csv.body).toMatchObject({ name: 'people.csv', mimePrefix: 'text/csv', size: PEOPLE_CSV.length })

    const json = await admin.post(`${API}/files/${store.id}`, { name: 'a.txt', data: 'aGk=' })
    expect(json.status).toBe(400)
    expect(json.body.message).toContain('multipart/form-data')
    const empty = await uploadFile(admin, store.id, 'empty.txt', '')
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe('empty.txt is empty')
    const form = new FormData()
    form.append('files', new Blob(['a']), 'a.txt')
    form.append('files', new Blob(['b']), 'b.txt')
    const two = new Response(form)
    const both = await admin.post(`${API}/files/${store.id}`, Buffer.from(await two.arrayBuffer()), {
      'content-type': two.headers.get('content-type')!,
    })
    expect(both.status).toBe(400)
    expect(both.body.message).toContain('one file per request')
    expect((await uploadFile(admin, 'no-such-store', 'a.txt', 'a')).status).toBe(404)
  })

  it('refuses at upload a file no loader reads, and at save a file of another type than the loader reads', async () => {
    const store = await createStore(admin)
    const exe = await uploadFile(admin, store.id, 'setup.exe', 'MZ\x90\x00', 'application/x-msdownload')
    expect(exe.status).toBe(400)
    expect(exe.body).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(exe.body.message).toMatch(/^setup\.exe: no document loader reads this type of file; accepted: \.pdf, /)
    for (const type of ['.pdf', '.docx', '.csv', '.json', '.jsonl', '.md', '.html']) {
      expect(exe.body.message.split('accepted: ')[1].split(', ')).toContain(type)
    }
    // A PDF sent without a type by a script still reads as a PDF by its name.
    expect((await uploadFile(admin, store.id, 'guide.pdf', '%PDF-1.4', '')).status).toBe(201)
    expect(await t.db.selectFrom('document_store_files').select('name').execute()).toEqual([{ name: 'guide.pdf' }])

    const notes = (await uploadFile(admin, store.id, 'notes.txt', 'Hello handbook')).body
    const wrong = await admin.post(`${API}/loader/save`, {
      storeId: store.id,
      loaderId: 'pdfFile',
      loaderConfig: { files: [notes.id] },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('loaderConfig.files: notes.txt is not a file Pdf File reads; Pdf File reads .pdf')
    expect((await admin.get(`${API}/store/${store.id}`)).body).toMatchObject({ status: 'EMPTY', loaders: [] })
    const none = await admin.post(`${API}/loader/save`, {
      storeId: store.id,
      loaderId: 'plainText',
      loaderConfig: { text: 'x', files: [notes.id] },
    })
    expect(none.body.message).toBe(
      'loaderConfig.files: notes.txt is not a file Plain Text reads; Plain Text reads no files',
    )
    expect(
      (
        await admin.post(`${API}/loader/save`, {
          storeId: store.id,
          loaderId: 'textFile',
          loaderConfig: { files: [notes.id] },
        })
      ).status,
    ).toBe(200)
  })

  it('previews the first chunks and the total without storing anything', async () => {
    const store = await createStore(admin)
    const preview = await admin.post(`${API}/loader/preview`, {
      storeId: store.id,
      loaderId: 'plainText',
      loaderConfig: { text: LINES },
      ...lineSplitter,
      previewChunkCount: 3,
    })
    expect(preview.status).toBe(200)
    expect(preview.body).toEqual({
      chunks: [
        { pageContent: 'Line 000 text', metadata: { source: 'Plain Text', loc: { lines: { from: 1, to: 1 } } } },
        { pageContent: 'Line 001 text', metadata: { source: 'Plain Text', loc: { lines: { from: 2, to: 2 } } } },
        { pageContent: 'Line 002 text', metadata: { source: 'Plain Text', loc: { lines: { from: 3, to: 3 } } } },
      ],
      totalChunks: 120,
      previewChunkCount: 3,
    })
    expect((await admin.get(`${API}/store/${store.id}`)).body).toMatchObject({ loaders: [], totalChunks: 0 })
  })

  it('reads a CSV file with the CSV node, adding and omitting metadata', async () => {
    const store = await createStore(admin)
    const file = (await uploadFile(admin, store.id, 'people.csv', PEOPLE_CSV, 'text/csv')).body
    const settings = {
      storeId: store.id,
      loaderId: 'csvFile',
      loaderConfig: { files: [file.id] },
      metadata: { team: 'hr' },
      omitMetadataKeys: 'row',
    }
    const preview = await admin.post(`${API}/loader/preview`, settings)
    expect(preview.body).toEqual({
      chunks: [
        { pageContent: 'name: Ada\nteam: engineering', metadata: { source: 'people.csv', team: 'hr' } },
        { pageContent: 'name: Bo\nteam: sales', metadata: { source: 'people.csv', team: 'hr' } },
      ],
      totalChunks: 2,
      previewChunkCount: 20,
    })
    const onlyAdded = await admin.post(`${API}/loader/preview`, { ...settings, omitMetadataKeys: '*' })
    expect(onlyAdded.body.chunks[0].metadata).toEqual({ team: 'hr' })
    const column = await admin.post(`${API}/loader/preview`, {
      ...settings,
      loaderConfig: { ...settings.loaderConfig, columnName: 'nope' },
    })
    expect(column.status).toBe(400)
    expect(column.body.message).toBe('Csv File: people.csv has no column "nope"; its columns are "name", "team".')
  })

  it('refuses loaders and splitters that cannot run, and files given as content', async () => {
    const store = await createStore(admin)
    const unwritten = await admin.post(`${API}/loader/save`, {
      storeId: store.id,
      loaderId: 'unwrittenLoader',
      loaderConfig: {},
    })
    expect(unwritten.status).toBe(400)
    expect(unwritten.body.message).toBe(
      'loaderId: Unwritten Loader cannot run in this version of Weft yet; choose another document loader',
    )
    const unknown = await admin.post(`${API}/loader/preview`, {
      storeId: store.id,
      loaderId: 'chatOpenAI',
      loaderConfig: {},
    })
    expect(unknown.body.message).toBe('loaderId: Weft has no document loader named "chatOpenAI"')
    const splitter = await admin.post(`${API}/loader/preview`, {
      storeId: store.id,
      loaderId: 'plainText',
      loaderConfig: { text: 'x' },
      splitterId: 'recursiveCharacterTextSplitter',
      splitterConfig: { chunkSize: 10, chunkOverlap: 50 },
    })
    expect(splitter.status).toBe(400)
    expect(splitter.body.message).toBe(
      'Recursive Character Text Splitter: Chunk Overlap (50) must be smaller than Chunk Size (10).',
    )
    const inline = await admin.post(`${API}/loader/save`, {
      storeId: store.id,
      loaderId: 'csvFile',
      loaderConfig: { csvFile: 'data:text/csv;base64,YSxi,filename:a.csv' },
    })
    expect(inline.status).toBe(400)
    expect(inline.body.message).toContain('loaderConfig.csvFile: upload the file to the store')
    const missing = await admin.post(`${API}/loader/save`, {
      storeId: store.id,
      loaderId: 'csvFile',
      loaderConfig: { files: ['no-such-file'] },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toContain('no file no-such-file')
  })

  it('saves a loader as NEW with its files, and deletes it with them', async () => {
    const store = await createStore(admin)
    const file = (await uploadFile(admin, store.id, 'people.csv', PEOPLE_CSV, 'text/csv')).body
    const loader = await saveLoader(admin, {
      storeId: store.id,
      loaderId: 'csvFile',
      loaderConfig: { files: [file.id] },
      metadata: { team: 'hr' },
      omitMetadataKeys: 'row',
    })
    expect(loader).toMatchObject({
      loaderId: 'csvFile',
      loaderName: 'Csv File',
      loaderConfig: { files: [file.id] },
      status: 'NEW',
      totalChunks: 0,
      files: [file],
      source: 'people.csv',
      metadata: { team: 'hr' },
      omitMetadataKeys: 'row',
    })
    expect((await admin.get(`${API}/store/${store.id}`)).body).toMatchObject({ status: 'NEW', loaders: [loader] })
    // The file is now this loader's: another loader cannot take it.
    const taken = await admin.post(`${API}/loader/save`, {
      storeId: store.id,
      loaderId: 'csvFile',
      loaderConfig: { files: [file.id] },
    })
    expect(taken.status).toBe(400)

    const afterDelete = await admin.delete(`${API}/loader/${store.id}/${loader.id}`)
    expect(afterDelete.status).toBe(200)
    expect(afterDelete.body).toMatchObject({ id: store.id, status: 'EMPTY', loaders: [] })
    expect(await t.db.selectFrom('document_store_files').select('id').execute()).toEqual([])
    expect((await admin.delete(`${API}/loader/${store.id}/${loader.id}`)).status).toBe(404)
  })

  it('pages, searches, edits and deletes chunks, keeping the totals right', async () => {
    const store = await createStore(admin)
    const loader = await saveLoader(admin, {
      storeId: store.id,
      loaderId: 'plainText',
      loaderConfig: { text: `${LINES}\n100% sure` },
      ...lineSplitter,
    })
    expect((await processLoader(admin, store.id, loader.id)).status).toBe('done')

    const first = (await admin.get(`${API}/chunks/${store.id}/${loader.id}/1`)).body
    expect(first).toMatchObject({ count: 121, currentPage: 1, storeName: 'Handbook', description: 'Team handbook' })
    expect(first.file).toMatchObject({ id: loader.id, status: 'SYNC', totalChunks: 121 })
    expect(first.chunks).toHaveLength(50)
    expect(first.chunks[0]).toEqual({
      id: expect.any(String),
      docId: loader.id,
      storeId: store.id,
      chunkNo: 0,
      pageContent: 'Line 000 text',
      metadata: { source: 'Plain Text', loc: { lines: { from: 1, to: 1 } } },
    })
    const third = (await admin.get(`${API}/chunks/${store.id}/${loader.id}/3`)).body
    expect(third.chunks.map((c: { chunkNo: number }) => c.chunkNo)).toEqual(
      Array.from({ length: 21 }, (_, i) => 100 + i),
    )

    const search = (await admin.get(`${API}/chunks/${store.id}/${loader.id}/1?search=LINE%2007`)).body
    expect(search.count).toBe(10)
    expect(search.chunks.map((c: { pageContent: string }) => c.pageContent)[0]).toBe('Line 070 text')
    const percent = (await admin.get(`${API}/chunks/${store.id}/${loader.id}/1?search=0%25`)).body
    expect(percent.chunks.map((c: { pageContent: string }) => c.pageContent)).toEqual(['100% sure'])

    const chunk = first.chunks[1]
    const edited = await admin.put(`${API}/chunks/${store.id}/${loader.id}/${chunk.id}`, {
      pageContent: 'Edited',
      metadata: { source: 'by hand' },
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({
      id: chunk.id,
      chunkNo: 1,
      pageContent: 'Edited',
      metadata: { source: 'by hand' },
    })
    const before = (await admin.get(`${API}/store/${store.id}`)).body.totalChars
    expect((await admin.put(`${API}/chunks/${store.id}/${loader.id}/${chunk.id}`, { pageContent: '' })).status).toBe(
      400,
    )

    expect((await admin.delete(`${API}/chunks/${store.id}/${loader.id}/${chunk.id}`)).body).toEqual({ deleted: 1 })
    expect((await admin.delete(`${API}/chunks/${store.id}/${loader.id}/${chunk.id}`)).status).toBe(404)
    const after = (await admin.get(`${API}/store/${store.id}`)).body
    expect(after).toMatchObject({ totalChunks: 120, totalChars: before - 'Edited'.length })
    expect((await chunkTexts(admin, store.id, loader.id)).slice(0, 2)).toEqual(['Line 000 text', 'Line 002 text'])
  })

  it('treats another workspace’s stores, loaders, chunks and jobs as missing', async () => {
    const store = await createStore(admin)
    const loader = await saveLoader(admin, {
      storeId: store.id,
      loaderId: 'plainText',
      loaderConfig: { text: 'Hello' },
    })
    const job = await processLoader(admin, store.id, loader.id)
    const chunk = (await admin.get(`${API}/chunks/${store.id}/${loader.id}/1`)).body.chunks[0]
    const home = (await admin.get('/api/v1/user')).body.activeWorkspaceId

    await switchWorkspace(admin, await addWorkspace(t, admin))
    expect((await admin.get(`${API}/store`)).body).toEqual([])
    const missing = [
      await admin.get(`${API}/store/${store.id}`),
      await admin.put(`${API}/store/${store.id}`, { name: 'Mine' }),
      await admin.delete(`${API}/store/${store.id}`),
      await uploadFile(admin, store.id, 'a.txt', 'a'),
      await admin.post(`${API}/loader/preview`, {
        storeId: store.id,
        loaderId: 'plainText',
        loaderConfig: { text: 'x' },
      }),
      await admin.post(`${API}/loader/save`, {
        storeId: store.id,
        id: loader.id,
        loaderId: 'plainText',
        loaderConfig: {},
      }),
      await admin.post(`${API}/loader/process/${loader.id}`),
      await admin.delete(`${API}/loader/${store.id}/${loader.id}`),
      await admin.get(`${API}/chunks/${store.id}/${loader.id}/1`),
      await admin.put(`${API}/chunks/${store.id}/${loader.id}/${chunk.id}`, { pageContent: 'x' }),
      await admin.delete(`${API}/chunks/${store.id}/${loader.id}/${chunk.id}`),
      await admin.get(`${API}/jobs/${store.id}`),
      await admin.post(`${API}/jobs/${job.id}/cancel`),
    ]
    expect(missing.map((res) => res.status)).toEqual(missing.map(() => 404))

    await switchWorkspace(admin, home)
    expect((await admin.get(`${API}/store/${store.id}`)).body).toMatchObject({ name: 'Handbook', totalChunks: 1 })
  })

  it('lets members view stores with documentStores:view and change them only with the write permissions', async () => {
    const store = await createStore(admin)
    const outsider = await signInMember(t, admin, await createRole(t, admin, ['chatflows:view']))
    expect((await outsider.get(`${API}/store`)).status).toBe(403)
    expect((await outsider.post(`${API}/store`, { name: 'Mine' })).status).toBe(403)
    expect((await outsider.delete(`${API}/store/${store.id}`)).status).toBe(403)
    const { body, contentType } = await multipartFile('a.txt', 'a', 'text/plain')
    expect((await outsider.post(`${API}/files/${store.id}`, body, { 'content-type': contentType })).status).toBe(403)
    expect((await outsider.post(`${API}/jobs/x/cancel`)).status).toBe(403)

    const viewer = await signInMember(t, admin, await createRole(t, admin, ['documentStores:view']))
    expect((await viewer.get(`${API}/store`)).body).toHaveLength(1)
    expect((await viewer.get(`${API}/store/${store.id}`)).status).toBe(200)
    expect((await viewer.post(`${API}/store`, { name: 'Mine' })).status).toBe(403)
    expect((await viewer.put(`${API}/store/${store.id}`, { name: 'Renamed' })).status).toBe(403)
    expect((await viewer.delete(`${API}/store/${store.id}`)).status).toBe(403)
    expect((await viewer.post(`${API}/files/${store.id}`, body, { 'content-type': contentType })).status).toBe(403)
    expect((await viewer.post(`${API}/loader/preview`, { storeId: store.id, loaderId: 'plainText' })).status).toBe(403)
    expect((await viewer.post(`${API}/vectorstore/insert`, { storeId: store.id })).status).toBe(403)
    expect((await viewer.delete(`${API}/vectorstore/${store.id}`)).status).toBe(403)
    expect((await admin.get(`${API}/store/${store.id}`)).body.name).toBe(store.name)

    const editor = await signInMember(
      t,
      admin,
      await createRole(t, admin, ['documentStores:view', 'documentStores:create', 'documentStores:delete']),
    )
    const mine = await editor.post(`${API}/store`, { name: 'Mine' })
    expect(mine.status).toBe(201)
    expect((await editor.put(`${API}/store/${mine.body.id}`, { name: 'Renamed' })).status).toBe(403)
    expect((await editor.delete(`${API}/store/${mine.body.id}`)).status).toBe(200)
  })
})
