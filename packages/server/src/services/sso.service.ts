import { hkdfSync } from 'node:crypto'
import { ACCOUNT_DISABLED, ssoCallbackUrl, type SsoProviderName } from '@weft/core'
import type * as oidcTypes from 'openid-client'
import type { AppContext } from '../context.js'
import { decryptText, encryptText } from '../auth/encryption.js'
import { deleteInvitation, latestInviteExpiry } from '../db/repositories/invitations.repository.js'
import { recordLoginActivity } from '../db/repositories/login-activity.repository.js'
import { findUserByEmail, updateUser } from '../db/repositories/users.repository.js'
import type { UserRow } from '../db/tables.js'
import { INVITE_EXPIRED } from './invitations.service.js'
import { discover, findEnabledProvider, openIdClient, type EnabledProvider } from './sso-config.service.js'
import { loadProfile } from './profile.service.js'
import { startSession, type ClientInfo, type SessionTokens } from './sessions.service.js'

/** The sign-in's state, nonce and PKCE verifier live this long in the browser's cookie. */
export const SSO_STATE_SECONDS = 10 * 60

/** A sign-in that cannot go on: the message the login page shows. */
export class SsoSignInError extends Error {
  constructor(
    message: string,
    /** What login activity records besides the message (the e-mail the provider vouched for). */
    readonly email = '',
  ) {
    super(message)
    this.name = 'SsoSignInError'
  }
}

interface SsoState {
  provider: SsoProviderName
  organizationId: string
  state: string
  nonce: string
  codeVerifier: string
  /** Unix milliseconds after which the cookie no longer counts. */
  expires: number
}

/** A key of its own for the state cookie (encrypted, so also signed: AES-GCM refuses any change). */
const stateKey = (ctx: AppContext) =>
  new Uint8Array(hkdfSync('sha256', ctx.keys.encryptionKey, 'weft', 'sso-state-cookie', 32))

export const sealState = (ctx: AppContext, state: SsoState): string => encryptText(stateKey(ctx), JSON.stringify(state))

function openState(ctx: AppContext, sealed: string | undefined): SsoState | undefined {
  if (!sealed) return undefined
  try {
    const state = JSON.parse(decryptText(stateKey(ctx), sealed)) as SsoState
    return state.expires > Date.now() ? state : undefined
  } catch {
    return undefined
  }
}

/** openid-client's configuration for a provider, its secret sent in the token request's body when the issuer takes that. */
async function clientConfiguration(ctx: AppContext, p: EnabledProvider): Promise<oidcTypes.Configuration> {
  const oidc = await openIdClient()
  const discovered = await discover(ctx, p.issuer, p.clientId, undefined)
  const metadata = discovered.serverMetadata()
  const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic']
  const usePost = methods.includes('client_secret_post')
  const config = new oidc.Configuration(
    metadata,
    p.clientId,
    {
      client_secret: p.clientSecret,
      token_endpoint_auth_method: usePost ? 'client_secret_post' : 'client_secret_basic',
    },
    usePost ? oidc.ClientSecretPost(p.clientSecret) : oidc.ClientSecretBasic(p.clientSecret),
  )
  config[oidc.customFetch] = discovered[oidc.customFetch]!
  if (new URL(p.issuer).protocol === 'http:') oidc.allowInsecureRequests(config)
  return config
}

const disabledMessage = (provider: string) => `Sign-in with ${provider} is not enabled. Ask an administrator.`

/**
 * GET /sso/:provider/login: where to send the browser (the provider's authorization endpoint) and
 * the sealed state for the cookie.
 */
export async function startSsoSignIn(
  ctx: AppContext,
  provider: SsoProviderName,
  organizationId?: string,
): Promise<{ url: string; sealed: string }> {
  const p = await findEnabledProvider(ctx, provider, organizationId)
  if (!p) throw new SsoSignInError(disabledMessage(provider))
  const oidc = await openIdClient()
  let config: oidcTypes.Configuration
  try {
    config = await clientConfiguration(ctx, p)
  } catch (error) {
    ctx.log.warn({ provider, issuer: p.issuer, err: error }, 'SSO discovery failed at sign-in')
    throw new SsoSignInError(`${p.label} did not answer: ${(error as Error).message}`)
  }
  const codeVerifier = oidc.randomPKCECodeVerifier()
  const state: SsoState = {
    provider,
    organizationId: p.organizationId,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier,
    expires: Date.now() + SSO_STATE_SECONDS * 1000,
  }
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: ssoCallbackUrl(ctx.config.publicUrl, provider),
    scope: 'openid email profile',
    response_type: 'code',
    state: state.state,
    nonce: state.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  })
  return { url: url.href, sealed: sealState(ctx, state) }
}

/**
 * The e-mail an ID token vouches for. Google, Auth0 and other providers say it is verified with
 * email_verified; Entra ID does not send that claim, but a single tenant's issuer (the only one
 * Weft accepts) answers the addresses its own directory holds, with xms_edov when the domain is
 * verified as the tenant's.
 */
function verifiedEmail(provider: SsoProviderName, claims: oidcTypes.IDToken): string | undefined {
  const email = typeof claims.email === 'string' ? claims.email : undefined
  if (provider === 'azure') {
    if (claims.email_verified === false || claims.xms_edov === false) return undefined
    const upn = typeof claims.preferred_username === 'string' ? claims.preferred_username : undefined
    const chosen = email ?? (upn?.includes('@') ? upn : undefined)
    return chosen
  }
  return email && claims.email_verified === true ? email : undefined
}

/** The organization membership of a user, with the user's status in it. */
async function membershipIn(ctx: AppContext, userId: string, organizationId: string) {
  return ctx.db
    .selectFrom('organization_users')
    .select(['status'])
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
}

/**
 * The Weft user an SSO sign-in is for: an active member of the provider's organization, or an
 * invited one, whose first SSO sign-in completes the invitation (the invited workspace and role
 * come with the invitation's rows). Anyone else is refused.
 */
async function ssoUser(ctx: AppContext, organizationId: string, email: string, label: string): Promise<UserRow> {
  const user = await findUserByEmail(ctx.db, email)
  const link = user ? await membershipIn(ctx, user.id, organizationId) : undefined
  if (!user || !link) {
    throw new SsoSignInError(
      `${email} has no account in this organization. Ask an administrator to invite this address, then sign in with ${label} again.`,
      email,
    )
  }
  if (user.status === 'disabled' || link.status === 'disabled') throw new SsoSignInError(ACCOUNT_DISABLED, email)
  if (user.status === 'invited') {
    // The invitation's own time limit holds for single sign-on as for its mailed link.
    const expiry = await latestInviteExpiry(ctx.db, user.id)
    if (!expiry || expiry <= new Date().toISOString()) throw new SsoSignInError(INVITE_EXPIRED, email)
  }
  return user
}

export interface SsoSignIn {
  tokens: SessionTokens
  user: UserRow
}

/**
 * GET /sso/:provider/callback: checks the state, trades the code (PKCE) for tokens, validates the
 * ID token (issuer, audience, signature, nonce) and opens the user's Weft session as password
 * login does. Every refusal is an SsoSignInError and is recorded as a failed sign-in.
 */
export async function finishSsoSignIn(
  ctx: AppContext,
  provider: SsoProviderName,
  sealed: string | undefined,
  query: Record<string, string | undefined>,
  client: ClientInfo,
): Promise<SsoSignIn> {
  let email = ''
  try {
    const state = openState(ctx, sealed)
    if (query.error) {
      const description = query.error_description ? `: ${query.error_description}` : ''
      throw new SsoSignInError(`The provider refused the sign-in (${query.error}${description})`)
    }
    if (!state || state.provider !== provider) {
      throw new SsoSignInError('This sign-in expired or was not started from this browser. Please try again.')
    }
    if (query.state !== state.state)
      throw new SsoSignInError('The sign-in could not be verified (state mismatch). Please try again.')
    const p = await findEnabledProvider(ctx, provider, state.organizationId)
    if (!p) throw new SsoSignInError(disabledMessage(provider))

    const config = await clientConfiguration(ctx, p)
    const callback = new URL(ssoCallbackUrl(ctx.config.publicUrl, provider))
    for (const [name, value] of Object.entries(query)) if (value !== undefined) callback.searchParams.set(name, value)
    let claims: oidcTypes.IDToken | undefined
    const oidc = await openIdClient()
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: state.codeVerifier,
        expectedState: state.state,
        expectedNonce: state.nonce,
        idTokenExpected: true,
      })
      claims = tokens.claims()
    } catch (error) {
      ctx.log.warn({ provider, err: error }, 'SSO code exchange failed')
      throw new SsoSignInError(`${p.label} sign-in could not be completed: ${(error as Error).message}`)
    }
    const verified = claims ? verifiedEmail(provider, claims) : undefined
    if (!verified) throw new SsoSignInError(`${p.label} did not vouch for a verified e-mail address`)
    email = verified.trim().toLowerCase()

    const user = await ssoUser(ctx, p.organizationId, email, p.label)
    const now = new Date().toISOString()
    // An invited (or not yet verified) address that the provider vouched for becomes an active SSO user.
    await ctx.db.transaction().execute(async (trx) => {
      await updateUser(trx, user.id, {
        is_sso: 1,
        status: 'active',
        last_login: now,
        ...(user.name ? {} : { name: typeof claims?.name === 'string' ? claims.name.slice(0, 100) : '' }),
        updated_at: now,
      })
      // An invitation is accepted by this sign-in: it leaves the pending list, and its mailed link says it was used.
      if (user.status === 'invited') await deleteInvitation(trx, user.id)
    })
    const signedIn = { ...user, is_sso: 1 as const, status: 'active' as const, last_login: now }
    const profile = await loadProfile(ctx, signedIn)
    const tokens = await startSession(ctx, user.id, profile.user.activeWorkspaceId, client)
    await recordLoginActivity(ctx.db, {
      userId: user.id,
      email: user.email,
      kind: 'sso',
      message: `Signed in with ${p.label}`,
      ...client,
    })
    return { tokens, user: signedIn }
  } catch (error) {
    const refusal =
      error instanceof SsoSignInError
        ? error
        : new SsoSignInError(`Single sign-on failed: ${(error as Error).message ?? 'unexpected error'}`)
    if (!(error instanceof SsoSignInError)) ctx.log.error({ provider, err: error }, 'SSO sign-in failed')
    const found = refusal.email || email ? await findUserByEmail(ctx.db, refusal.email || email) : undefined
    await recordLoginActivity(ctx.db, {
      userId: found?.id ?? null,
      email: refusal.email || email,
      kind: 'login_failed',
      message: `SSO (${provider}): ${refusal.message}`,
      ...client,
    })
    throw refusal
  }
}
