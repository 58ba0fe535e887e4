import { featuresFor } from '@weft/core'
import type { FastifyRequest } from 'fastify'
import type { AppContext } from '../context.js'
import { findWorkspaceOrganization } from '../db/repositories/api-keys.repository.js'
import { forbidden, INVALID_TOKEN, unauthorized } from '../http-error.js'
import { isApiKeyForm, verifyApiKey } from '../services/api-keys.service.js'
import { toPlan } from '../services/profile.service.js'
import type { Principal, RouteAccess } from './principal.js'

export const KEYS_NOT_ALLOWED =
  'API keys cannot use this route: it is for a signed-in person (their profile, session or workspace) or the app’s own canvas'

/**
 * The caller a management request's `Authorization: Bearer wft_…` (or a key migrated from Flowise)
 * names, or undefined when the header holds no API key (a session's token, or nothing). A key acts in its own workspace with its
 * own permissions and nothing else: it is no person, so `userId` and `sessionId` are empty, and the
 * routes that read them (a person's own) refuse keys before they run (`isKeyRoute`).
 */
export async function apiKeyPrincipal(ctx: AppContext, request: FastifyRequest): Promise<Principal | undefined> {
  const header = request.headers.authorization
  const bearer = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined
  if (!bearer || !isApiKeyForm(bearer)) return undefined
  const key = await verifyApiKey(ctx, bearer)
  const organization = key && (await findWorkspaceOrganization(ctx.db, key.workspaceId))
  if (!key || !organization) throw unauthorized(INVALID_TOKEN)
  return {
    userId: '',
    sessionId: '',
    apiKeyId: key.id,
    workspaceId: key.workspaceId,
    organizationId: organization.id,
    isOrganizationAdmin: false,
    isSSO: false,
    permissions: key.permissions,
    features: featuresFor(ctx.config.platform, toPlan(organization.plan), ctx.config.queue !== undefined),
  }
}

/**
 * Whether a key may call a route at all: only routes that name a permission, which the key must
 * then hold. A route any signed-in person may call is about that person (profile, logout, workspace
 * switch); the canvas's own runs (`/internal-…`) would pass by the key's binding to flows.
 */
export const isKeyRoute = (access: RouteAccess | undefined, url: string): boolean =>
  typeof access === 'object' && !url.includes('/internal-')

/** Refuses a key on a route that is not for keys (see isKeyRoute). */
export function checkKeyRoute(principal: Principal, access: RouteAccess | undefined, url: string): void {
  if (principal.apiKeyId !== undefined && !isKeyRoute(access, url)) throw forbidden(KEYS_NOT_ALLOWED)
}
