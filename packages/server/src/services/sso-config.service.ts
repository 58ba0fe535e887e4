import {
  REDACTED_SECRET,
  SSO_ISSUER_FIELD,
  SSO_PROVIDER_LABELS,
  SSO_PROVIDERS,
  featuresFor,
  parseAllowedHost,
  parseIpAddress,
  sameIpAddress,
  ssoCallbackUrl,
  ssoIssuer,
  type SsoConfigResponse,
  type SsoLoginProvider,
  type SsoProviderConfig,
  type SsoProviderName,
  type SsoProviderSettings,
  type SsoTestResult,
} from '@weft/core'
import type * as oidc from 'openid-client'
import type { AppContext } from '../context.js'
import { decryptText, encryptText } from '../auth/encryption.js'
import {
  findSsoConfig,
  findSsoOrganizationId,
  listSsoConfigs,
  saveSsoConfig,
} from '../db/repositories/sso-configs.repository.js'
import type { SsoConfigRow } from '../db/tables.js'
import { badRequest, forbidden } from '../http-error.js'
import { toPlan } from './profile.service.js'

/** How long discovery may take before the issuer counts as not answering. */
const DISCOVERY_TIMEOUT_SECONDS = 10

export const SSO_NEEDS_ENTERPRISE = 'Single sign-on is part of the enterprise edition (PLATFORM_TYPE=enterprise)'

/** The plain fields kept in `settings`; the secret is stored apart, encrypted. */
type StoredSettings = Omit<SsoProviderSettings, 'clientSecret'>

const readSettings = (row: SsoConfigRow): StoredSettings => JSON.parse(row.settings) as StoredSettings

/** Whether single sign-on is on for an organization: the edition's (or cloud plan's) feat:sso-config. */
export async function ssoAllowed(ctx: AppContext, organizationId: string): Promise<boolean> {
  const org = await ctx.db
    .selectFrom('organizations')
    .select('plan')
    .where('id', '=', organizationId)
    .executeTakeFirst()
  if (!org) return false
  return featuresFor(ctx.config.platform, toPlan(org.plan))['feat:sso-config'] === true
}

async function assertSsoAllowed(ctx: AppContext, organizationId: string): Promise<void> {
  if (!(await ssoAllowed(ctx, organizationId))) throw forbidden(SSO_NEEDS_ENTERPRISE)
}

/** The label a provider shows: the generic one's own label when it has one. */
export const providerLabel = (provider: SsoProviderName, settings: Partial<StoredSettings> | undefined): string =>
  (provider === 'oidc' && settings?.label?.trim()) || SSO_PROVIDER_LABELS[provider]

function toConfig(ctx: AppContext, provider: SsoProviderName, row: SsoConfigRow | undefined): SsoProviderConfig {
  const settings = row ? readSettings(row) : { clientID: '' }
  const callbackURL = ssoCallbackUrl(ctx.config.publicUrl, provider)
  return {
    providerName: provider,
    providerLabel: providerLabel(provider, settings),
    config: { ...settings, clientSecret: row?.client_secret ? REDACTED_SECRET : '' },
    status: row?.enabled === 1 ? 'enable' : 'disable',
    issuer: row?.issuer ?? (provider === 'google' ? 'https://accounts.google.com' : ''),
    callbackURL,
    configured: row !== undefined,
  }
}

/** GET /sso-config: every provider, configured or not, its secret redacted. */
export async function readSsoConfigs(ctx: AppContext, organizationId: string): Promise<SsoConfigResponse> {
  await assertSsoAllowed(ctx, organizationId)
  const rows = new Map((await listSsoConfigs(ctx.db, organizationId)).map((row) => [row.provider, row]))
  return {
    providers: SSO_PROVIDERS.map((provider) => toConfig(ctx, provider, rows.get(provider))),
    callbacks: SSO_PROVIDERS.map((provider) => ({
      providerName: provider,
      callbackURL: ssoCallbackUrl(ctx.config.publicUrl, provider),
    })),
  }
}

/** Plain http only to a host the administrator allowed as private (a provider on the local network, tests). */
function allowsPlainHttp(ctx: AppContext, url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  const port = Number(url.port || 80)
  const address = parseIpAddress(host)
  return ctx.config.allowedPrivateHosts.some((entry) => {
    const allowed = parseAllowedHost(entry)
    if (!allowed || (allowed.port !== undefined && allowed.port !== port)) return false
    return allowed.address && address ? sameIpAddress(allowed.address, address) : allowed.name === host
  })
}

/** openid-client, loaded by the first sign-in or provider check rather than at start. */
export const openIdClient = (): Promise<typeof oidc> => import('openid-client')

/** The outbound guard's fetch in openid-client's shape: providers are reached as any user-chosen address is. */
const guardedFetch =
  (ctx: AppContext): oidc.CustomFetch =>
  (url, options) =>
    ctx.outbound.fetch(url, {
      method: options.method,
      headers: options.headers,
      // openid-client's body type names Uint8Array<ArrayBufferLike>, which the DOM typings' BodyInit does not.
      body: (options.body ?? null) as RequestInit['body'],
      redirect: options.redirect,
      signal: options.signal ?? null,
    })

/**
 * Runs OpenID discovery at the issuer and answers openid-client's configuration for the client.
 * Fails with a message naming the issuer when it does not answer or answers no OpenID metadata.
 */
export async function discover(
  ctx: AppContext,
  issuer: string,
  clientId: string,
  clientSecret: string | undefined,
): Promise<oidc.Configuration> {
  const url = new URL(issuer)
  if (url.protocol !== 'https:' && !allowsPlainHttp(ctx, url)) {
    throw badRequest(`issuer: ${issuer} must use https (plain http only for a host in WEFT_ALLOWED_PRIVATE_HOSTS)`)
  }
  const oidc = await openIdClient()
  try {
    return await oidc.discovery(
      url,
      clientId || 'weft-discovery-test',
      clientSecret ? { client_secret: clientSecret } : undefined,
      clientSecret ? oidc.ClientSecretPost(clientSecret) : undefined,
      {
        [oidc.customFetch]: guardedFetch(ctx),
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        ...(url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
      },
    )
  } catch (error) {
    throw badRequest(discoveryMessage(issuer, error))
  }
}

/** What a failed discovery tells the admin, always naming the issuer (and never a secret). */
function discoveryMessage(issuer: string, error: unknown): string {
  const where = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`
  // openid-client wraps what fetch threw ('something went wrong') with it as the cause.
  let e = error as { name?: string; code?: string; message?: string; cause?: unknown }
  while (e?.cause && e.code === undefined && e.name !== 'OutboundRequestRefused') e = e.cause as typeof e
  if (e?.name === 'OutboundRequestRefused' || e?.name === 'TimeoutError' || e?.name === 'AbortError') {
    return `The issuer ${issuer} did not answer OpenID discovery (${where}): ${e.message ?? 'no answer'}`
  }
  if (e?.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || e?.code === 'OAUTH_RESPONSE_IS_NOT_JSON') {
    return `The issuer ${issuer} answered no OpenID metadata at ${where}`
  }
  if (e?.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') {
    return `The issuer ${issuer} answered OpenID metadata for another issuer; check the ${issuer.includes('microsoftonline') ? 'tenant id' : 'issuer'}`
  }
  return `The issuer ${issuer} answered no usable OpenID metadata at ${where}: ${e?.message ?? String(error)}`
}

export interface SsoConfigInput {
  providerName: SsoProviderName
  config: Partial<SsoProviderSettings>
  status: 'enable' | 'disable'
}

const trimmed = (value: string | undefined) => (value ?? '').trim()

/** The plain fields a provider keeps: its issuer field, the client id and (generic only) a label. */
function plainSettings(provider: SsoProviderName, config: Partial<SsoProviderSettings>): StoredSettings {
  const issuerField = SSO_ISSUER_FIELD[provider]?.field
  return {
    ...(issuerField ? { [issuerField]: trimmed(config[issuerField]) } : {}),
    ...(provider === 'oidc' ? { label: trimmed(config.label) } : {}),
    clientID: trimmed(config.clientID),
  }
}

/**
 * POST /sso-config/test: discovery against the issuer the fields give. Bad fields answer 400; an
 * issuer that fails answers ok false with the message naming it.
 */
export async function testSsoConfig(
  ctx: AppContext,
  organizationId: string,
  input: Pick<SsoConfigInput, 'providerName' | 'config'>,
): Promise<SsoTestResult> {
  await assertSsoAllowed(ctx, organizationId)
  const found = ssoIssuer(input.providerName, input.config)
  if ('error' in found) throw badRequest(`config.${found.error}`)
  try {
    const discovered = await discover(ctx, found.issuer, trimmed(input.config.clientID), undefined)
    const metadata = discovered.serverMetadata()
    return {
      ok: true,
      message: `OpenID discovery succeeded: ${metadata.issuer} signs in at ${metadata.authorization_endpoint ?? 'its authorization endpoint'}`,
      issuer: found.issuer,
    }
  } catch (error) {
    return { ok: false, message: (error as Error).message, issuer: found.issuer }
  }
}

/**
 * PUT/POST /sso-config: saves one provider. A secret sent back redacted keeps the stored one, but
 * only while the issuer stays the same (as credentials do), so a changed issuer cannot be handed
 * the old secret. Enabling needs the client id, a secret and a discovery that passes.
 */
export async function saveSsoProvider(
  ctx: AppContext,
  organizationId: string,
  input: SsoConfigInput,
): Promise<SsoProviderConfig> {
  await assertSsoAllowed(ctx, organizationId)
  const provider = input.providerName
  const found = ssoIssuer(provider, input.config)
  if ('error' in found) throw badRequest(`config.${found.error}`)
  const stored = await findSsoConfig(ctx.db, organizationId, provider)
  const settings = plainSettings(provider, input.config)
  const given = input.config.clientSecret ?? ''
  let clientSecret: string | null
  if (given === REDACTED_SECRET) {
    if (!stored?.client_secret) throw badRequest('config.clientSecret: is the redacted placeholder, not a secret')
    if (stored.issuer !== found.issuer) {
      throw badRequest('config.clientSecret: the issuer changed, so enter the client secret again')
    }
    clientSecret = stored.client_secret
  } else {
    clientSecret = given.trim() ? encryptText(ctx.keys.encryptionKey, given.trim()) : null
  }
  const enabled = input.status === 'enable'
  if (enabled) {
    if (!settings.clientID) throw badRequest('config.clientID: is required to enable sign-in')
    if (!clientSecret) throw badRequest('config.clientSecret: is required to enable sign-in')
    // Throws 400 naming the issuer when discovery fails: nothing is saved then.
    await discover(ctx, found.issuer, settings.clientID, undefined)
  }
  const now = new Date().toISOString()
  const row: SsoConfigRow = {
    organization_id: organizationId,
    provider,
    settings: JSON.stringify(settings),
    client_secret: clientSecret,
    issuer: found.issuer,
    enabled: enabled ? 1 : 0,
    created_at: stored?.created_at ?? now,
    updated_at: now,
  }
  await saveSsoConfig(ctx.db, row)
  return toConfig(ctx, provider, row)
}

/** A provider ready to sign in with: its organization, issuer, client id and decrypted secret. */
export interface EnabledProvider {
  organizationId: string
  provider: SsoProviderName
  label: string
  issuer: string
  clientId: string
  clientSecret: string
}

/** The enabled provider of the login page's organization (or the one named), or undefined. */
export async function findEnabledProvider(
  ctx: AppContext,
  provider: SsoProviderName,
  organizationId?: string,
): Promise<EnabledProvider | undefined> {
  const orgId = organizationId ?? (await findSsoOrganizationId(ctx.db))
  if (!orgId || !(await ssoAllowed(ctx, orgId))) return undefined
  const row = await findSsoConfig(ctx.db, orgId, provider)
  if (!row || row.enabled !== 1 || !row.client_secret) return undefined
  const settings = readSettings(row)
  return {
    organizationId: orgId,
    provider,
    label: providerLabel(provider, settings),
    issuer: row.issuer,
    clientId: settings.clientID,
    clientSecret: decryptText(ctx.keys.encryptionKey, row.client_secret),
  }
}

/** GET /sso/providers: the login page's buttons, for the install's organization. */
export async function listLoginProviders(ctx: AppContext): Promise<SsoLoginProvider[]> {
  const orgId = await findSsoOrganizationId(ctx.db)
  if (!orgId || !(await ssoAllowed(ctx, orgId))) return []
  const rows = await listSsoConfigs(ctx.db, orgId)
  return SSO_PROVIDERS.flatMap((provider) => {
    const row = rows.find((r) => r.provider === provider)
    if (!row || row.enabled !== 1 || !row.client_secret) return []
    return [
      {
        providerName: provider,
        label: providerLabel(provider, readSettings(row)),
        url: `/api/v1/sso/${provider}/login`,
      },
    ]
  })
}

/** openid-client's fetch and http allowance for sign-in requests after discovery. */
export { guardedFetch }
