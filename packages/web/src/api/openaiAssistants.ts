import type { ProviderAssistant, ProviderFile, ProviderVectorStore, ProviderVectorStoreFile } from '@weft/core'
import { api } from './http'
import { postFiles } from './postFiles'

// Flowise's helper paths of the OpenAI and Azure assistant forms: each call reaches the provider
// with the workspace credential named, the server deciding where that provider is.

const inPlace = { navigateOnForbidden: false }
const part = encodeURIComponent
const withCredential = (path: string, credential: string) => `${path}?credential=${part(credential)}`
const storePath = (id: string, credential: string, rest = '') =>
  withCredential(`/openai-assistants-vector-store/${part(id)}${rest}`, credential)

/** The provider's assistants, for Load existing. */
export const listProviderAssistants = (credential: string) =>
  api.get<ProviderAssistant[]>(withCredential('/openai-assistants', credential), inPlace)

/** Files for assistants (the code interpreter reads them); one call per file so progress can be shown. */
export const uploadAssistantFile = (credential: string, file: File) =>
  postFiles<ProviderFile[]>(withCredential('/openai-assistants-file/upload', credential), [file])

export const listVectorStores = (credential: string) =>
  api.get<ProviderVectorStore[]>(withCredential('/openai-assistants-vector-store', credential), inPlace)

export const createVectorStore = (credential: string, name: string) =>
  api.post<ProviderVectorStore>(withCredential('/openai-assistants-vector-store', credential), { name }, inPlace)

export const listVectorStoreFiles = (credential: string, id: string) =>
  api.get<ProviderVectorStoreFile[]>(storePath(id, credential, '/files'), inPlace)

/** Uploads a file and adds it to the vector store. */
export const uploadVectorStoreFile = (credential: string, id: string, file: File) =>
  postFiles<ProviderFile[]>(storePath(id, credential), [file])

/** Takes files out of the vector store; the files stay with the provider. */
export const removeVectorStoreFiles = (credential: string, id: string, fileIds: string[]) =>
  api.delete<{ deleted: string[] }>(storePath(id, credential, '/files'), inPlace, { file_ids: fileIds })
