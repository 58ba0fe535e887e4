// Query keys of the document store screens. Every key starts with STORES_KEY, so one invalidation
// after a change (a store renamed, a loader processed) refreshes whatever screen shows it.
export const STORES_KEY = 'documentStores'

export const storeKey = (storeId: string) => [STORES_KEY, 'store', storeId] as const

export const jobsKey = (storeId: string) => [STORES_KEY, 'jobs', storeId] as const

export const chunksKey = (storeId: string, loaderId: string) => [STORES_KEY, 'chunks', storeId, loaderId] as const

export const upsertHistoryKey = (storeId: string) => [STORES_KEY, 'upsertHistory', storeId] as const

/**
 * The embedding and vector store nodes an upsert can use. Like the catalogue they change only with an
 * upgrade, so their key stays outside STORES_KEY: a store's change does not read them again.
 */
export const vectorComponentsKey = (kind: 'embeddings' | 'vectorstore') => ['documentStoreComponents', kind] as const
