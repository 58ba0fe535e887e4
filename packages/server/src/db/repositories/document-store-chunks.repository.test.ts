import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../../test/dialects.js'
import { createStore, saveLoader } from '../../test/document-stores.js'
import { setUpAdmin, startTestApp, type TestApp } from '../../test/harness.js'
import { CHUNK_BATCH, replaceLoaderChunks } from './document-store-chunks.repository.js'

describe.each(testDialects())('replacing a loader’s chunks on $name', (dialect) => {
  let t: TestApp
  let target: { storeId: string; loaderId: string }
  let scope: { workspaceId: string }
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    const admin = await setUpAdmin(t.app)
    scope = { workspaceId: (await admin.get('/api/v1/user')).body.activeWorkspaceId }
    const store = await createStore(admin)
    const loader = await saveLoader(admin, { storeId: store.id, loaderId: 'plainText', loaderConfig: { text: 'x' } })
    target = { storeId: store.id, loaderId: loader.id }
  })
  afterEach(() => t.close())

  const chunks = (count: number, label: string) =>
    Array.from({ length: count }, (_, i) => ({ pageContent: `${label} ${i}`, metadata: { i } }))
  const stored = () =>
    t.db
      .selectFrom('document_store_chunks')
      .select(['id', 'chunk_no', 'page_content'])
      .where('loader_id', '=', target.loaderId)
      .orderBy('chunk_no')
      .execute()

  it('writes in batches, and a failure between batches leaves the chunks there were', async () => {
    await t.db.transaction().execute((trx) => replaceLoaderChunks(trx, scope, target, chunks(3, 'old')))
    const before = await stored()
    expect(before.map((row) => row.page_content)).toEqual(['old 0', 'old 1', 'old 2'])

    const count = CHUNK_BATCH * 2 + 7
    const heard: number[] = []
    const failing = t.db.transaction().execute((trx) =>
      replaceLoaderChunks(trx, scope, target, chunks(count, 'new'), async (written) => {
        heard.push(written)
        if (written > CHUNK_BATCH) throw new Error('stopped after the second batch')
      }),
    )
    await expect(failing).rejects.toThrow('stopped after the second batch')
    expect(heard).toEqual([CHUNK_BATCH, CHUNK_BATCH * 2])
    expect(await stored()).toEqual(before)

    await t.db.transaction().execute((trx) => replaceLoaderChunks(trx, scope, target, chunks(count, 'new')))
    const after = await stored()
    expect(after).toHaveLength(count)
    expect(after.map((row) => row.chunk_no)).toEqual(Array.from({ length: count }, (_, i) => i))
    expect(after.at(-1)?.page_content).toBe(`new ${count - 1}`)
  })
})
