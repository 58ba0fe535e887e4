import type { Credential, CredentialDescriptor, NewCredential } from '@weft/core'
import type { RequestOptions } from './client'
import { api } from './http'

const path = (id: string) => `/credentials/${encodeURIComponent(id)}`

/** The kinds of credential the node catalogue knows, with the fields each needs. */
export const listCredentialTypes = (options?: RequestOptions) =>
  api.get<CredentialDescriptor[]>('/components-credentials', options)

/** Saved credentials, without their data; only those of the given types when types are named. */
export const listCredentials = (types: readonly string[] = [], options?: RequestOptions) =>
  api.get<Credential[]>(
    types.length === 0 ? '/credentials' : `/credentials?credentialName=${encodeURIComponent(types.join(','))}`,
    options,
  )

/** One credential with its field values; secret fields come back as REDACTED_SECRET. */
export const getCredential = (id: string) => api.get<Credential>(path(id))

export const createCredential = (body: NewCredential, options?: RequestOptions) =>
  api.post<Credential>('/credentials', body, options)

/** A field sent back as REDACTED_SECRET keeps its stored value. */
export const updateCredential = (id: string, body: Partial<NewCredential>) => api.put<Credential>(path(id), body)

export const deleteCredential = (id: string) => api.delete<unknown>(path(id))
