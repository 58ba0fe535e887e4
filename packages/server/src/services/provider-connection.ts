import {
  PROVIDER_CREDENTIAL_NAMES,
  PROVIDER_LABELS,
  PROVIDER_ASSISTANT_TYPES,
  type ProviderAssistantType,
} from '@weft/core'
import { assistantsApi, AssistantsApiError, assistantsEndpoint, type AssistantsApi } from '@weft/nodes'
import type { AppContext } from '../context.js'
import { credentialsRepository } from '../db/repositories/credentials.repository.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { badRequest, HttpError, notFound } from '../http-error.js'
import { readCredentialData } from './credentials.service.js'

/** A provider's Assistants API, reached with a credential of the caller's workspace. */
export interface ProviderConnection {
  type: ProviderAssistantType
  api: AssistantsApi
}

const typeOfCredential = (credentialName: string): ProviderAssistantType | undefined =>
  PROVIDER_ASSISTANT_TYPES.find((type) => PROVIDER_CREDENTIAL_NAMES[type] === credentialName)

/**
 * Connects to the provider with the workspace's credential `credentialId` (of `type`'s kind when
 * given). The address comes from the credential alone, and a credential of another workspace reads
 * as missing: a caller can never send someone else's key, nor send a key anywhere of their choosing.
 * `field` names the input in the 400 that a missing or unfit credential answers.
 */
export async function connectProvider(
  ctx: AppContext,
  scope: WorkspaceScope,
  credentialId: string | null | undefined,
  field: string,
  type?: ProviderAssistantType,
): Promise<ProviderConnection> {
  const row = credentialId ? await credentialsRepository(ctx.db).find(scope, credentialId) : undefined
  const rowType = row ? typeOfCredential(row.credential_name) : undefined
  if (!row || !rowType || (type && rowType !== type)) {
    const kinds = type ? PROVIDER_LABELS[type] : `${PROVIDER_LABELS.OPENAI} or ${PROVIDER_LABELS.AZURE}`
    throw badRequest(`${field}: ${credentialId ? 'not' : 'choose'} an ${kinds} credential of this workspace`)
  }
  try {
    const endpoint = assistantsEndpoint(rowType, await readCredentialData(ctx, scope.workspaceId, row.id))
    return { type: rowType, api: assistantsApi(endpoint, ctx.outbound.fetch) }
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw badRequest(`${field}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/**
 * Awaits a provider call; the provider's refusal becomes an answer naming its error: 404 for what
 * it does not have, 400 for what it refused (never 401, which the web app reads as a lost session),
 * 502 when it failed or could not be reached.
 */
export async function atProvider<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    if (!(error instanceof AssistantsApiError)) throw error
    if (error.status === 404) throw notFound(error.message)
    if (error.status !== undefined && error.status < 500) throw badRequest(error.message)
    throw new HttpError(502, error.message)
  }
}
