import type { Flow } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testFlowData, type TestNode } from '../../../engine/src/testing/test-flow.js'
import { fileValue } from '../../../nodes/src/testing/file-value.js'
import { UPSERT_NEEDS_KEY } from '../services/vector-upsert.service.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, switchWorkspace } from '../test/workspace-members.js'

// Flowise's vector upsert of a chatflow, through the real loaders, splitter, hashing embeddings,
// Embedded Vector Store (in the test app's data folder), built-in responder and Retrieval QA Chain.

const ref = (id: string) => `{{${id}.data.instance}}`
const HANDBOOK = 'Refunds are possible within 30 days.\n\nTeam lunch is on Thursdays.'
const CHUNKS = ['Refunds are possible within 30 days.', 'Team lunch is on Thursdays.']

/** A loader → embedded vector store ← hashing embeddings, answered by a Retrieval QA Chain. */
function qaFlow(loader: TestNode): string {
  const nodes: TestNode[] = [
    { id: 'recursiveCharacterTextSplitter_0', inputs: { chunkSize: 40, chunkOverlap: 0 } },
    { ...loader, inputs: { ...loader.inputs, textSplitter: ref('recursiveCharacterTextSplitter_0') } },
    { id: 'offlineEmbeddings_0' },
    {
      id: 'embeddedVectorStore_0',
      label: 'Handbook store',
      inputs: { collectionName: 'handbook', document: [ref(loader.id)], embeddings: ref('offlineEmbeddings_0') },
    },
    { id: 'chatOffline_0' },
    {
      id: 'retrievalQAChain_0',
      inputs: { model: ref('chatOffline_0'), vectorStoreRetriever: ref('embeddedVectorStore_0') },
    },
  ]
  return JSON.stringify(testFlowData(nodes))
}

const plainText = (text: string): TestNode => ({ id: 'plainText_0', label: 'Plain Text', inputs: { text } })
const textFile: TestNode = {
  id: 'textFile_0',
  label: 'Text File',
  inputs: { txtFile: fileValue('stored.txt', 'text/plain', 'The stored file.') },
}

/** The flow's Configuration allowing callers to override the Plain Text node's `text`. */
const textOverridable = JSON.stringify({
  overrideConfig: {
    status: true,
    nodes: { 'Plain Text': [{ label: 'Text', name: 'text', type: 'string', enabled: true }] },
    variables: [],
  },
})

/** A multipart/form-data body as a browser or Flowise's SDK sends it. */
async function multipart(files: { name: string; type: string; text: string }[], fields: Record<string, string> = {}) {
  const form = new FormData()
  for (const file of files) form.append('files', new Blob([file.text], { type: file.type }), file.name)
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const encoded = new Response(form)
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  }
}

describe.each(testDialects())('vector upsert of a chatflow on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let anonymous: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
    anonymous = browser(t.app)
  })
  afterEach(() => t.close())

  const upsert = (b: Browser, flowId: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    b.post(`/api/v1/vector/upsert/${flowId}`, body, headers)
  const internalUpsert = (flowId: string, body: unknown = {}) =>
    admin.post(`/api/v1/vector/internal-upsert/${flowId}`, body)
  const ask = async (flow: Flow, question: string) => {
    const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question })
    expect(res.status).toBe(200)
    return (res.body.sourceDocuments ?? []) as { pageContent: string }[]
  }
  const keyFor = async (flow: Flow): Promise<string> =>
    (await admin.post('/api/v1/apikey', { keyName: 'Uploader', flowIds: [flow.id] })).body.apiKey

  it('upserts the documents, counts them, skips them when unchanged, and a prediction then finds them', async () => {
    // The stored text is a placeholder: the handbook reaches the store only through this upsert.
    const flow = await createFlow(admin, qaFlow(plainText('A placeholder.')), { apiConfig: textOverridable })
    const first = await internalUpsert(flow.id, { overrideConfig: { text: HANDBOOK } })
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      numAdded: 2,
      numDeleted: 0,
      numUpdated: 0,
      numSkipped: 0,
      addedDocs: CHUNKS.map((pageContent) => ({
        pageContent,
        metadata: expect.objectContaining({ source: 'Plain Text' }),
      })),
    })

    const again = await internalUpsert(flow.id, { overrideConfig: { text: HANDBOOK } })
    expect(again.body).toEqual({ numAdded: 0, numDeleted: 0, numUpdated: 0, numSkipped: 2, addedDocs: [] })

    const found = await ask(flow, 'How long do I have to ask for a refund?')
    expect(found.map((doc) => doc.pageContent)).toContain('Refunds are possible within 30 days.')
  })

  it('lets in the bearer of the flow’s API key, and nobody without it', async () => {
    const flow = await createFlow(admin, qaFlow(plainText(HANDBOOK)))
    const key = await keyFor(flow)
    const refused = await upsert(anonymous, flow.id)
    expect(refused.status).toBe(401)
    expect((await upsert(anonymous, flow.id, {}, { authorization: 'Bearer not-the-key' })).status).toBe(401)

    const let_in = await upsert(anonymous, flow.id, {}, { authorization: `Bearer ${key}` })
    expect(let_in.status).toBe(200)
    expect(let_in.body.numAdded).toBe(2)
  })

  it('puts a .txt file sent as multipart/form-data in the Text File loader', async () => {
    const flow = await createFlow(admin, qaFlow(textFile))
    const key = await keyFor(flow)
    const form = await multipart([{ name: 'notes.txt', type: 'text/plain', text: 'Parcels ship within two days.' }], {
      stopNodeId: 'embeddedVectorStore_0',
    })
    const res = await upsert(anonymous, flow.id, form.body, { ...form.headers, authorization: `Bearer ${key}` })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      numAdded: 1,
      addedDocs: [{ pageContent: 'Parcels ship within two days.', metadata: { source: 'notes.txt' } }],
    })
    const found = await ask(flow, 'When do parcels ship?')
    expect(found.map((doc) => doc.pageContent)).toContain('Parcels ship within two days.')

    const pdf = await multipart([{ name: 'scan.pdf', type: 'application/pdf', text: '%PDF-1.4' }])
    const refused = await upsert(anonymous, flow.id, pdf.body, { ...pdf.headers, authorization: `Bearer ${key}` })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toContain('no document loader of the vector store takes scan.pdf')
  })

  it('lets no anonymous caller of a public flow upsert, with files or without, and adds nothing', async () => {
    const flow = await createFlow(admin, qaFlow(textFile), { isPublic: true })
    const form = await multipart([{ name: 'notes.txt', type: 'text/plain', text: 'Planted text.' }])
    const withFiles = await upsert(anonymous, flow.id, form.body, form.headers)
    expect(withFiles.status).toBe(401)
    expect(withFiles.body.message).toBe(UPSERT_NEEDS_KEY)
    // A JSON body re-runs the flow's own loaders: each call would add vectors on the owner's embedding key.
    const json = await upsert(anonymous, flow.id, {})
    expect(json.status).toBe(401)
    expect(json.body.message).toBe(UPSERT_NEEDS_KEY)
    expect((await upsert(anonymous, flow.id, {}, { authorization: 'Bearer wft_not-the-key' })).status).toBe(401)
    // Nothing reached the store: the owner's own upsert still adds the stored file's chunk.
    expect((await internalUpsert(flow.id)).body).toMatchObject({
      numAdded: 1,
      addedDocs: [{ pageContent: 'The stored file.', metadata: { source: 'stored.txt' } }],
    })
    // The flow's API key and a member's session still may.
    const key = await keyFor(flow)
    expect((await upsert(anonymous, flow.id, {}, { authorization: `Bearer ${key}` })).body.numSkipped).toBe(1)
    expect((await upsert(admin, flow.id, {})).body.numSkipped).toBe(1)
  })

  it('refuses an override the flow does not allow, and writes nothing', async () => {
    const flow = await createFlow(admin, qaFlow(plainText(HANDBOOK)))
    const res = await internalUpsert(flow.id, { overrideConfig: { text: 'Planted text.' } })
    expect(res.status).toBe(403)
    expect(res.body.message).toContain('overrideConfig.text cannot be overridden')
    // Had the refused text been written, the search (Top K 4) would find it among the three chunks.
    expect((await internalUpsert(flow.id)).body.numAdded).toBe(2)
    const found = await ask(flow, 'What was planted?')
    expect(found.map((doc) => doc.pageContent).sort()).toEqual([...CHUNKS].sort())
  })

  it('answers 400 for a flow with no vector store, and names the node that fails', async () => {
    const noStore = await createFlow(admin, JSON.stringify(testFlowData([plainText(HANDBOOK)])))
    const res = await internalUpsert(noStore.id)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('There is no vector store in this flow to upsert into.')

    const empty = await createFlow(admin, qaFlow(plainText('')))
    const failed = await internalUpsert(empty.id)
    expect(failed.status).toBe(500)
    expect(failed.body.message).toContain('Plain Text (plainText_0): Write or paste the text')
  })

  it('keeps each upsert in the flow’s upsert history, which a script reads with its key as Flowise answers it', async () => {
    const flow = await createFlow(admin, qaFlow(plainText(HANDBOOK)))
    const key = await keyFor(flow)
    await upsert(anonymous, flow.id, {}, { authorization: `Bearer ${key}` })
    await internalUpsert(flow.id)
    const reader = (await admin.post('/api/v1/apikey', { keyName: 'Reader', permissions: ['chatflows:view'] })).body
    const read = (query = '') =>
      anonymous.get(`/api/v1/upsert-history/${flow.id}${query}`, { authorization: `Bearer ${reader.apiKey}` })
    const history = await read()
    expect(history.status).toBe(200)
    expect(history.body).toEqual([
      {
        id: expect.any(String),
        chatflowid: flow.id,
        result: { numAdded: 2, numDeleted: 0, numUpdated: 0, numSkipped: 0 },
        flowData: expect.objectContaining({
          embeddedVectorStore_0: expect.objectContaining({ label: 'Handbook store' }),
        }),
        date: expect.any(String),
      },
      expect.objectContaining({ result: { numAdded: 0, numDeleted: 0, numUpdated: 0, numSkipped: 2 } }),
    ])
    expect((await read('?order=DESC')).body.map((h: { id: string }) => h.id)).toEqual(
      history.body.map((h: { id: string }) => h.id).reverse(),
    )
    expect((await read('?startDate=2999-01-01')).body).toEqual([])
    // The bound key may upsert but not read the management API; nor may anyone without a key.
    expect((await anonymous.get(`/api/v1/upsert-history/${flow.id}`, { authorization: `Bearer ${key}` })).status).toBe(
      403,
    )
    expect((await anonymous.get(`/api/v1/upsert-history/${flow.id}`)).status).toBe(401)
    await switchWorkspace(admin, await addWorkspace(t, admin))
    expect((await admin.get(`/api/v1/upsert-history/${flow.id}`)).status).toBe(404)
  })

  it('answers 404 for the flow of another workspace', async () => {
    const flow = await createFlow(admin, qaFlow(plainText(HANDBOOK)))
    await switchWorkspace(admin, await addWorkspace(t, admin))
    const res = await internalUpsert(flow.id)
    expect(res.status).toBe(404)
  })
})
