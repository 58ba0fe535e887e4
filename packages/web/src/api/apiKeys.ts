import type { ApiKey, CreatedApiKey } from '@weft/core'
import { api } from './http'

const path = (id: string) => `/apikey/${encodeURIComponent(id)}`

export const listApiKeys = () => api.get<ApiKey[]>('/apikey')

/** A key's name, what it may do, and when given every flow it is bound to (left out, its flows stay as they are). */
export interface ApiKeyBody {
  keyName: string
  permissions?: string[]
  flowIds?: string[]
}

/** The answer carries the full key: the only time the server sends it. */
export const createApiKey = (body: ApiKeyBody) => api.post<CreatedApiKey>('/apikey', body)

export const updateApiKey = (id: string, body: ApiKeyBody) => api.put<ApiKey>(path(id), body)

export const deleteApiKey = (id: string) => api.delete<unknown>(path(id))
