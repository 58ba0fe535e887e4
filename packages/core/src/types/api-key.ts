import type { FlowType } from './flow.js'

/** An API key as listed: the secret itself is shown once, when created, and stored only as a hash. */
export interface ApiKey {
  id: string
  keyName: string
  /** The first characters of the key, to tell keys apart, e.g. "wft_3f9a…". */
  keyPreview: string
  workspaceId: string
  createdDate: string
  /** What the key may do on the management API (Flowise's `permissions`); an empty list runs its bound flows only. */
  permissions: string[]
  /** The flows bound to this key, with their type to link to their canvas. */
  chatFlows: { id: string; name: string; type: FlowType }[]
}

/** The answer of POST /api/v1/apikey: the only time the full key is sent. */
export interface CreatedApiKey extends ApiKey {
  apiKey: string
}
