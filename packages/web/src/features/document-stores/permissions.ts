// Core names only `documentStores:view` so far, and the server takes it for every document store
// route, changes included. When core adds Flowise's write permissions (named beside each), each
// control switches to its own; hiding a control is only a convenience, the server decides.
const ENFORCED_TODAY = 'documentStores:view'

export const STORE_PERMISSIONS = {
  create: ENFORCED_TODAY, // documentStores:create
  update: ENFORCED_TODAY, // documentStores:update
  delete: ENFORCED_TODAY, // documentStores:delete
  addLoader: ENFORCED_TODAY, // documentStores:add-loader
  process: ENFORCED_TODAY, // documentStores:preview-process
  deleteLoader: ENFORCED_TODAY, // documentStores:delete-loader
} as const
