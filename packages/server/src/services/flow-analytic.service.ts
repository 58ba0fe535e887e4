import { readFlowAnalytic, tracingChoices, TRACING_PROVIDER_INFO } from '@weft/core'
import type { AppContext } from '../context.js'
import { credentialsRepository } from '../db/repositories/credentials.repository.js'
import { badRequest } from '../http-error.js'

/**
 * Refuses tracing settings whose credential is not one of the workspace's, or not of the type the
 * provider takes, so the owner learns it when saving rather than from traces that never arrive.
 * Only providers switched on are checked: one that is off may keep a credential since deleted.
 */
export async function requireOwnTracingCredentials(
  ctx: AppContext,
  workspaceId: string,
  stored: string | null | undefined,
): Promise<void> {
  const credentials = credentialsRepository(ctx.db)
  for (const choice of tracingChoices(readFlowAnalytic(stored))) {
    const field = `body.analytic: ${choice.provider}.credentialId`
    const row = await credentials.find({ workspaceId }, choice.credentialId)
    if (!row) throw badRequest(`${field}: no credential of this workspace has that id`)
    const { credentialName, label } = TRACING_PROVIDER_INFO[choice.provider]
    if (row.credential_name !== credentialName) {
      throw badRequest(`${field}: ${label} takes a ${credentialName} credential, not ${row.credential_name}`)
    }
  }
}
