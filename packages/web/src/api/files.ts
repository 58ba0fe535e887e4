import type { FlowType } from '@weft/core'
import { api } from './http'

export type FileSource = 'chat' | 'documentStore' | 'assistant'

/** Where a file is used: a flow's chat, a document store (and its loader), an assistant. */
export interface FilePlace {
  kind: FileSource
  id: string
  name: string
  detail?: string
  /** The flow's type, for a chat: where the flow opens. */
  flowType?: FlowType
}

/** A file users uploaded in the workspace. */
export interface UserFile {
  id: string
  name: string
  type: string
  size: number
  source: FileSource
  usedIn: FilePlace
  /** Deleting is refused until it is removed where it is used. */
  inUse: boolean
  /** False for assistant files: the provider keeps them. */
  downloadable: boolean
  storedHere: boolean
  addedDate: string
}

export interface FileList {
  files: UserFile[]
  /** Bytes kept on this server for the listed files. */
  totalSize: number
}

export const listFiles = () => api.get<FileList>('/files')

/** The address that downloads a file (the browser sends the session cookie). */
export const fileDownloadUrl = (id: string) => `/api/v1/files/download?id=${encodeURIComponent(id)}`

export const deleteFile = (id: string) =>
  api.delete<{ deleted: true; name: string }>(`/files?id=${encodeURIComponent(id)}`)
