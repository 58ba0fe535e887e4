import { api } from './http'

/** Export flags of SPEC §3, e.g. `{ chatflow: true, tool: false }`. */
export type ExportSelection = Record<string, boolean>

export const exportData = (selection: ExportSelection) => api.post<unknown>('/export-import/export', selection)

export const importData = (bundle: unknown) => api.post<unknown>('/export-import/import', bundle)
