import type { FlowType } from './flow.js'

export type FileSource = 'chat' | 'documentStore' | 'assistant'

/** Where a file is used: a flow's chat, a document store (and its loader), an assistant. */
export interface FilePlace {
  kind: FileSource
  id: string
  name: string
  /** The chat, or the loader that reads a document store file. */
  detail?: string
  /** The flow's type, for a chat: where the flow opens. */
  flowType?: FlowType
}

/** A file users uploaded in the workspace, as GET /files lists it. */
export interface UserFile {
  /** Opaque: names the file to download and delete. */
  id: string
  name: string
  type: string
  size: number
  source: FileSource
  usedIn: FilePlace
  /** True when deleting is refused until it is removed where it is used. */
  inUse: boolean
  /** False for assistant files: the provider keeps them and does not give them back. */
  downloadable: boolean
  /** Kept on this server (false: at the assistant's provider). */
  storedHere: boolean
  addedDate: string
}

/** The answer of GET /files. */
export interface FileList {
  files: UserFile[]
  /** Bytes kept on this server for the listed files. */
  totalSize: number
}
