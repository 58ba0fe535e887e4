// Flowise's document store permissions, one per kind of change; the server enforces each on its
// routes, so hiding a control here is only a convenience.
export const STORE_PERMISSIONS = {
  create: 'documentStores:create',
  update: 'documentStores:update',
  delete: 'documentStores:delete',
  addLoader: 'documentStores:add-loader',
  process: 'documentStores:preview-process',
  deleteLoader: 'documentStores:delete-loader',
  /** Choosing the embedding and vector store, upserting, and deleting the vector data. */
  upsertConfig: 'documentStores:upsert-config',
} as const
