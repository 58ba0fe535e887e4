import type { FileList } from '@weft/core'
import { api } from './http'

export const listFiles = () => api.get<FileList>('/files')

/** The address that downloads a file (the browser sends the session cookie). */
export const fileDownloadUrl = (id: string) => `/api/v1/files/download?id=${encodeURIComponent(id)}`

export const deleteFile = (id: string) =>
  api.delete<{ deleted: true; name: string }>(`/files?id=${encodeURIComponent(id)}`)
