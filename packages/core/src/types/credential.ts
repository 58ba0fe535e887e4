import type { InputParam } from './node.js'

/** A kind of credential (OpenAI API key, Anthropic API key, …): GET /api/v1/components-credentials. */
export interface CredentialDescriptor {
  label: string
  /** What nodes name in `credential.credentialNames`, e.g. `openAIApi`. */
  name: string
  description?: string
  /** The fields the user fills; `password` fields are secret and always answered redacted. */
  inputs: InputParam[]
}

/** A stored credential as the API answers it. `plainDataObj` only on GET by id, secrets redacted. */
export interface Credential {
  id: string
  name: string
  credentialName: string
  workspaceId: string
  createdDate: string
  updatedDate: string
  plainDataObj?: Record<string, string>
}

/** Body of POST /api/v1/credentials; PUT takes the same fields, each optional. */
export interface NewCredential {
  name: string
  credentialName: string
  /** Field values by input name. On update a redacted value keeps the stored one. */
  plainDataObj: Record<string, string>
}

/** What the API answers in place of a secret value; sending it back on update keeps the stored value. */
export const REDACTED_SECRET = '_WEFT_REDACTED_'
