/** The way back from a page inside a document store to the store, named once the store is loaded. */
export const backToStore = (storeId: string, storeName?: string) => ({
  to: `/document-stores/${encodeURIComponent(storeId)}`,
  label: storeName ? `Back to ${storeName}` : 'Back to the document store',
})
