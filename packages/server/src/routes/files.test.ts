import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { saveChatFile } from '../services/upload-storage.js'
import { testDialects } from '../test/dialects.js'
import { createStore, saveLoader, uploadFile } from '../test/document-stores.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, builtInRoleId, createRole, signInMember, switchWorkspace } from '../test/workspace-members.js'

// A 1×1 PNG: chat images are kept as the image their bytes are.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const CSV = 'name,team\nAda,platform\nBea,support\n'
const EMPTY_FLOW = JSON.stringify({ nodes: [], edges: [] })

interface Listed {
  id: string
  name: string
  type: string
  size: number
  source: string
  usedIn: { kind: string; id: string; name: string; detail?: string }
  inUse: boolean
  downloadable: boolean
  storedHere: boolean
  addedDate: string
}

describe.each(testDialects())('files on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let workspaceId: string
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
    workspaceId = (await admin.get('/api/v1/user')).body.activeWorkspaceId
  })
  afterEach(() => t.close())

  /** A flow of the admin's workspace whose chat `chatId` sent `photo.png` with a question. */
  async function chatWithImage(chatId = 'chat-1', name = 'photo.png', flowName = 'Support bot') {
    const flow = await createFlow(admin, EMPTY_FLOW, { name: flowName })
    await saveChatFile({ config: t.config }, { flowId: flow.id, chatId, name }, PNG)
    await t.db
      .insertInto('chat_messages')
      .values({
        id: randomUUID(),
        workspace_id: workspaceId,
        chatflow_id: flow.id,
        role: 'userMessage',
        content: 'What is in this picture?',
        source_documents: null,
        used_tools: null,
        chat_type: 'INTERNAL',
        chat_id: chatId,
        session_id: null,
        lead_email: null,
        created_at: '2026-12-01T10:00:00.000Z',
        status: 'complete',
        follow_up_prompts: null,
        source: 'ui',
        file_uploads: JSON.stringify([
          { type: 'stored-file', name, mime: 'image/png' },
          { type: 'url', name: 'elsewhere.png', mime: 'image/png', data: 'https://example.com/elsewhere.png' },
        ]),
      })
      .execute()
    return flow
  }

  async function assistantWithFile() {
    const id = randomUUID()
    await t.db
      .insertInto('assistants')
      .values({
        id,
        workspace_id: workspaceId,
        type: 'OPENAI',
        details: JSON.stringify({
          name: 'Analyst',
          model: 'gpt-4o',
          tools: ['code_interpreter'],
          tool_resources: { code_interpreter: { file_ids: ['file-abc'] } },
          files: [{ id: 'file-abc', filename: 'sales.xlsx', bytes: 2048 }],
        }),
        credential: null,
        icon_src: null,
        created_at: '2026-11-30T10:00:00.000Z',
        updated_at: '2026-11-30T10:00:00.000Z',
      })
      .execute()
    return id
  }

  const list = async (b: Browser = admin) => {
    const res = await b.get<{ files: Listed[]; totalSize: number }>('/api/v1/files')
    expect(res.status).toBe(200)
    return res.body
  }

  it('lists chat images, document store files and assistant files with where each is used and the total here', async () => {
    const flow = await chatWithImage()
    const store = await createStore(admin, 'Handbook')
    const used = (await uploadFile(admin, store.id, 'people.csv', CSV, 'text/csv')).body
    const loader = await saveLoader(admin, {
      storeId: store.id,
      loaderId: 'csvFile',
      loaderConfig: { files: [used.id] },
    })
    const free = (await uploadFile(admin, store.id, 'notes.txt', 'loose notes', 'text/plain')).body
    const assistantId = await assistantWithFile()

    const { files, totalSize } = await list()
    const byName = Object.fromEntries(files.map((file) => [file.name, file]))
    expect(Object.keys(byName).sort()).toEqual(['notes.txt', 'people.csv', 'photo.png', 'sales.xlsx'])
    expect(byName['photo.png']).toMatchObject({
      type: 'image/png',
      size: PNG.length,
      source: 'chat',
      usedIn: { kind: 'chat', id: flow.id, name: 'Support bot', detail: 'Chat chat-1', flowType: 'CHATFLOW' },
      inUse: false,
      downloadable: true,
      addedDate: '2026-12-01T10:00:00.000Z',
    })
    expect(byName['people.csv']).toMatchObject({
      type: 'text/csv',
      size: CSV.length,
      source: 'documentStore',
      usedIn: { kind: 'documentStore', id: store.id, name: 'Handbook', detail: loader.loaderName },
      inUse: true,
    })
    expect(byName['notes.txt']).toMatchObject({ usedIn: { kind: 'documentStore', name: 'Handbook' }, inUse: false })
    expect(byName['notes.txt']!.usedIn.detail).toBeUndefined()
    expect(free.id).toBeTruthy()
    expect(byName['sales.xlsx']).toMatchObject({
      size: 2048,
      source: 'assistant',
      usedIn: { kind: 'assistant', id: assistantId, name: 'Analyst', detail: 'Kept by OpenAI' },
      inUse: true,
      downloadable: false,
      storedHere: false,
    })
    // The provider's file takes no room here.
    expect(totalSize).toBe(PNG.length + CSV.length + 'loose notes'.length)
    // Newest first.
    expect(files.map((file) => file.name).slice(-2)).toEqual(['photo.png', 'sales.xlsx'])
  })

  it('downloads the bytes with their type as an attachment', async () => {
    await chatWithImage('chat-1', 'phöto.png')
    const store = await createStore(admin)
    await uploadFile(admin, store.id, 'people.csv', CSV, 'text/csv')
    const { files } = await list()
    const image = files.find((file) => file.source === 'chat')!
    const res = await t.app.inject({
      url: `/api/v1/files/download?id=${image.id}`,
      cookies: Object.fromEntries(admin.jar),
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ph_to.png"; filename*=UTF-8''ph%C3%B6to.png`)
    expect(res.rawPayload.equals(PNG)).toBe(true)

    const csv = files.find((file) => file.name === 'people.csv')!
    const doc = await t.app.inject({
      url: `/api/v1/files/download?id=${csv.id}`,
      cookies: Object.fromEntries(admin.jar),
    })
    expect(doc.headers['content-type']).toContain('text/csv')
    expect(doc.headers['content-disposition']).toContain('attachment; filename="people.csv"')
    expect(doc.body).toBe(CSV)
  })

  it('deletes a chat image from storage, a free store file, and refuses files still used, saying where', async () => {
    const flow = await chatWithImage()
    const store = await createStore(admin, 'Handbook')
    const used = (await uploadFile(admin, store.id, 'people.csv', CSV, 'text/csv')).body
    await saveLoader(admin, { storeId: store.id, loaderId: 'csvFile', loaderConfig: { files: [used.id] } })
    await uploadFile(admin, store.id, 'notes.txt', 'loose notes', 'text/plain')
    await assistantWithFile()
    const byName = Object.fromEntries((await list()).files.map((file) => [file.name, file]))

    const inLoader = await admin.delete(`/api/v1/files?id=${byName['people.csv']!.id}`)
    expect(inLoader.status).toBe(409)
    expect(inLoader.body.message).toBe(
      'people.csv is used by the loader Csv File of the document store Handbook: remove it from the loader (or delete the loader) first',
    )
    const inAssistant = await admin.delete(`/api/v1/files?id=${byName['sales.xlsx']!.id}`)
    expect(inAssistant.status).toBe(409)
    expect(inAssistant.body.message).toContain('sales.xlsx is used by the assistant Analyst')
    const providerDownload = await admin.get(`/api/v1/files/download?id=${byName['sales.xlsx']!.id}`)
    expect(providerDownload.status).toBe(409)

    const image = await admin.delete(`/api/v1/files?id=${byName['photo.png']!.id}`)
    expect(image.status).toBe(200)
    expect(image.body).toEqual({ deleted: true, name: 'photo.png' })
    expect(existsSync(join(t.config.home, 'storage', flow.id, 'chat-1', 'photo.png'))).toBe(false)
    // The message keeps its record of the image sent by address only.
    const message = await t.db.selectFrom('chat_messages').select('file_uploads').executeTakeFirstOrThrow()
    expect(JSON.parse(message.file_uploads!)).toEqual([
      { type: 'url', name: 'elsewhere.png', mime: 'image/png', data: 'https://example.com/elsewhere.png' },
    ])
    expect((await admin.delete(`/api/v1/files?id=${byName['notes.txt']!.id}`)).status).toBe(200)

    const after = await list()
    expect(after.files.map((file) => file.name).sort()).toEqual(['people.csv', 'sales.xlsx'])
    expect(after.totalSize).toBe(CSV.length)
    // Deleted twice: gone.
    expect((await admin.delete(`/api/v1/files?id=${byName['photo.png']!.id}`)).status).toBe(404)
  })

  it('never finds another workspace’s file: 404 to download or delete, and not listed', async () => {
    await chatWithImage()
    const store = await createStore(admin)
    await uploadFile(admin, store.id, 'people.csv', CSV, 'text/csv')
    const mine = (await list()).files
    expect(mine).toHaveLength(2)

    await switchWorkspace(admin, await addWorkspace(t, admin))
    expect(await list()).toEqual({ files: [], totalSize: 0 })
    for (const file of mine) {
      const download = await admin.get(`/api/v1/files/download?id=${file.id}`)
      expect(download.status).toBe(404)
      expect(download.body.message).toBe('There is no such file in this workspace')
      expect((await admin.delete(`/api/v1/files?id=${file.id}`)).status).toBe(404)
    }
    const forged = await admin.get('/api/v1/files/download?id=not-an-id')
    expect(forged.status).toBe(400)
    expect(forged.body.message).toBe('id: not a file id from the file list')
  })

  it('shows each kind to whoever may view what it belongs to, and deletes under its change permission', async () => {
    await chatWithImage()
    const store = await createStore(admin)
    await uploadFile(admin, store.id, 'notes.txt', 'loose notes', 'text/plain')
    const all = Object.fromEntries((await list()).files.map((file) => [file.name, file]))

    const storesOnly = await signInMember(t, admin, await createRole(t, admin, ['documentStores:view']))
    const seen = await list(storesOnly)
    expect(seen.files.map((file) => file.name)).toEqual(['notes.txt'])
    expect(seen.totalSize).toBe('loose notes'.length)
    expect((await storesOnly.get(`/api/v1/files/download?id=${all['photo.png']!.id}`)).status).toBe(403)
    expect((await storesOnly.delete(`/api/v1/files?id=${all['notes.txt']!.id}`)).status).toBe(403)

    const viewer = await signInMember(t, admin, await builtInRoleId(t, 'viewer'))
    expect((await viewer.delete(`/api/v1/files?id=${all['photo.png']!.id}`)).status).toBe(403)
    expect((await t.app.inject({ url: '/api/v1/files' })).statusCode).toBe(401)
  })
})
