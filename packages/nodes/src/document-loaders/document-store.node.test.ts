import { describe, expect, it } from 'vitest'
import { buildComponent, type DocumentStoreSearch } from '../define-node.js'
import { testRun } from '../runtime/test-run.js'
import documentStore from './document-store.node.js'

// The workspace's stores as the server hands them to a run: here one store of two chunks.

const STORE_ID = '6f1c2f3e-0b5a-4d2b-9a55-6c3c9e0f7a10'
const asked: string[] = []
const stores: DocumentStoreSearch = {
  list: async () => [],
  search: async () => [],
  chunks: async (storeId) => {
    asked.push(storeId)
    if (storeId !== STORE_ID) throw new Error(`Document store ${storeId} not found`)
    return [
      { pageContent: 'Laptops are replaced every three years.', metadata: { source: 'handbook.txt' } },
      { pageContent: 'Expenses are paid back within 30 days.', metadata: { source: 'handbook.txt' } },
    ]
  },
}

const load = (inputs: Record<string, unknown>, output?: string, documentStores: DocumentStoreSearch | null = stores) =>
  buildComponent(documentStore, {
    nodeId: 'documentStore_0',
    label: 'Document Store',
    inputs,
    ...(output ? { output } : {}),
    isEnding: false,
    scope: testRun(documentStores ? { documentStores } : {}).scope,
  })

describe('Document Store loader', () => {
  it("gives the picked store's chunks as documents, or their text joined", async () => {
    await expect(load({ selectedStore: STORE_ID }, 'document')).resolves.toEqual([
      { pageContent: 'Laptops are replaced every three years.', metadata: { source: 'handbook.txt' } },
      { pageContent: 'Expenses are paid back within 30 days.', metadata: { source: 'handbook.txt' } },
    ])
    await expect(load({ selectedStore: `${STORE_ID}:Handbook` }, 'text')).resolves.toBe(
      'Laptops are replaced every three years.\n\nExpenses are paid back within 30 days.',
    )
    expect(asked.slice(-2)).toEqual([STORE_ID, STORE_ID])
  })

  it('names what is missing: the pick, the store, or document stores where none can be read', async () => {
    await expect(load({ selectedStore: ' ' })).rejects.toThrow(
      'Select Store is empty: pick the document store to load.',
    )
    await expect(load({ selectedStore: 'gone' })).rejects.toThrow('Document store gone not found')
    await expect(load({ selectedStore: STORE_ID }, 'document', null)).rejects.toThrow(
      'Document stores cannot be read here.',
    )
  })
})
