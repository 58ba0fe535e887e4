import type { ApiKey, CreatedApiKey } from '@weft/core'
import { api } from './http'

const path = (id: string) => `/apikey/${encodeURIComponent(id)}`

export const listApiKeys = () => api.get<ApiKey[]>('/apikey')

/** The answer carries the full key: the only time the server sends it. */
export const createApiKey = (keyName: string) => api.post<CreatedApiKey>('/apikey', { keyName })

export const renameApiKey = (id: string, keyName: string) => api.put<ApiKey>(path(id), { keyName })

export const deleteApiKey = (id: string) => api.delete<unknown>(path(id))
