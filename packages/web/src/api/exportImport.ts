import { api } from './http'
import { postFiles } from './postFiles'

/** Export flags of SPEC §3, e.g. `{ chatflow: true, tool: false }`. */
export type ExportSelection = Record<string, boolean>

export const exportData = (selection: ExportSelection) => api.post<unknown>('/export-import/export', selection)

export const importData = (bundle: unknown) => api.post<unknown>('/export-import/import', bundle)

/** What a Flowise migration brought, found already there, renamed and left behind (the server's report). */
export interface FlowiseMigration {
  /** The report as `npm run weft -- import-flowise` prints it. */
  text: string
  report: {
    workspace: { id: string; name: string }
    counts: Record<string, { added: number; alreadyThere: number }>
    renamed: { kind: string; name: string; from: string; to: string }[]
    leftBehind: { kind: string; name: string; reason: string }[]
    notes: { kind: string; name: string; note: string }[]
  }
}

/** Migrates a Flowise SQLite database, with its encryption key, into the current workspace. */
export const importFlowiseDatabase = (database: File, encryptionKey: string) =>
  postFiles<FlowiseMigration>('/export-import/import-flowise', [database], { encryptionKey })
