import { flowPermission, hasPermission, type FlowAction } from '@weft/core'
import type { FastifyRequest } from 'fastify'
import { accessContext, authenticate } from '../auth/authenticate.js'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { findFlowOfAnyWorkspace, flowsRepository } from '../db/repositories/flows.repository.js'
import type { FlowRow } from '../db/tables.js'
import { forbidden, HttpError, notFound, TOKEN_EXPIRED, unauthorized } from '../http-error.js'
import { isFromAnotherSite, ownOrigins, usesSessionCookie } from '../http/request-site.js'
import { verifyApiKey } from './api-keys.service.js'
import { allowedOrigins, readChatbotConfig } from './flow-config.js'

export const UNAUTHORIZED_ACCESS = 'Unauthorized Access'
export const KEY_NOT_BOUND =
  'This API key is valid but is not bound to this flow. Bind it to the flow on the API Keys page, or choose it in the flow’s Configuration → API key.'
export const PRIVATE_WITHOUT_KEY =
  'This flow is private and has no API key. Make it public in its Configuration → Security, or bind an API key to it (API Keys page, or the flow’s Configuration → API key) and send the key as Authorization: Bearer <key>.'
export const ORIGIN_NOT_ALLOWED = 'This site is not allowed to use this chatflow'

/** How a caller reached a flow: its API key, a session of its workspace, or the flow being public. */
export type FlowCaller = { via: 'apiKey' } | { via: 'member'; principal: Principal } | { via: 'public' }

const bearerHeader = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || undefined : undefined
}

/**
 * The signed-in caller when the request carries a live session, else undefined. An expired token
 * still fails, with the answer that makes the client refresh it and try again.
 */
async function optionalPrincipal(ctx: AppContext, request: FastifyRequest): Promise<Principal | undefined> {
  try {
    return await authenticate(ctx, request)
  } catch (error) {
    if (error instanceof HttpError && error.message === TOKEN_EXPIRED) throw error
    return undefined
  }
}

/** True when the signed-in user works in the flow's workspace and may do `action` on its type. */
export function isMemberAllowed(ctx: AppContext, principal: Principal, flow: FlowRow, action: FlowAction): boolean {
  return (
    principal.workspaceId === flow.workspace_id &&
    hasPermission(accessContext(ctx.config.platform, principal), flowPermission(flow.type, action))
  )
}

/**
 * Who may run a flow, send feedback on it or leave a lead: anyone when it is public; the bearer of
 * the API key bound to it; a signed-in member of its workspace who may view it. Nobody else: a
 * flow with no key and not public is closed to anonymous callers.
 * Refusals say how to fix them where that helps the flow's owners: the holder of a key of the
 * flow's own workspace learns the key is not bound here; a caller without a key learns that a flow
 * with no key is private, which no key could open anyway. A wrong key, or a key of another
 * workspace, gets the plain refusal and learns nothing about the flow.
 */
export async function identifyFlowCaller(ctx: AppContext, request: FastifyRequest, flow: FlowRow): Promise<FlowCaller> {
  if (flow.is_public === 1) return { via: 'public' }
  const bearer = bearerHeader(request)
  // The bearer is an API key or a session's access token; a key that is not this flow's is refused.
  const key = bearer ? await verifyApiKey(ctx, bearer) : undefined
  if (key) {
    if (key.workspaceId !== flow.workspace_id) throw unauthorized(UNAUTHORIZED_ACCESS)
    if (flow.apikey_id === key.id) return { via: 'apiKey' }
    throw unauthorized(KEY_NOT_BOUND)
  }
  // A member's session cookie speaks only from Weft's own pages: a page of another site (a sibling
  // on the same site gets the SameSite=Lax cookie) must not run a private flow as that member.
  const cookieFromElsewhere = usesSessionCookie(request) && isFromAnotherSite(ctx, request)
  const principal = cookieFromElsewhere ? undefined : await optionalPrincipal(ctx, request)
  if (principal && isMemberAllowed(ctx, principal, flow, 'view')) return { via: 'member', principal }
  // A bearer that is neither a key nor a session is a wrong key: it learns nothing about the flow.
  if (bearer && !principal) throw unauthorized(UNAUTHORIZED_ACCESS)
  throw unauthorized(flow.apikey_id ? UNAUTHORIZED_ACCESS : PRIVATE_WITHOUT_KEY)
}

/** Refuses a browser on a site the flow's chatbot config does not list (an empty list allows all). */
export function checkOrigin(ctx: AppContext, request: FastifyRequest, flow: FlowRow): void {
  const origin = request.headers.origin
  if (!origin || ownOrigins(ctx, request).includes(origin)) return
  const allowed = allowedOrigins(readChatbotConfig(flow.chatbot_config))
  if (allowed.length > 0 && !allowed.includes(origin)) throw forbidden(ORIGIN_NOT_ALLOWED)
}

/** The flow a caller outside the app names by id, once the caller is let in; 404 when there is none. */
export async function openFlowForCaller(
  ctx: AppContext,
  request: FastifyRequest,
  flowId: string,
): Promise<{ flow: FlowRow; caller: FlowCaller }> {
  const flow = await findFlowOfAnyWorkspace(ctx.db, flowId)
  if (!flow) throw notFound(`Flow ${flowId} not found`)
  const caller = await identifyFlowCaller(ctx, request, flow)
  checkOrigin(ctx, request, flow)
  return { flow, caller }
}

/** A flow of the caller's workspace on which the caller may do `action`; 404 for another workspace's. */
export async function findMemberFlow(
  ctx: AppContext,
  principal: Principal,
  flowId: string,
  action: FlowAction,
): Promise<FlowRow> {
  const flow = await flowsRepository(ctx.db).find({ workspaceId: principal.workspaceId }, flowId)
  if (!flow) throw notFound(`Flow ${flowId} not found`)
  if (!isMemberAllowed(ctx, principal, flow, action)) throw forbidden()
  return flow
}
