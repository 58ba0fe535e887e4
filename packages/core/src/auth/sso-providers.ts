/**
 * Single sign-on with OpenID Connect: the providers Weft knows, their fields and how each one's
 * issuer follows from them. Flowise's names where it has them (azure, google, auth0 with tenantID,
 * domain, clientID, clientSecret; status 'enable' / 'disable'); 'oidc' is any other OpenID provider.
 */
export const SSO_PROVIDERS = ['azure', 'google', 'auth0', 'oidc'] as const

export type SsoProviderName = (typeof SSO_PROVIDERS)[number]

export const isSsoProviderName = (value: string): value is SsoProviderName =>
  (SSO_PROVIDERS as readonly string[]).includes(value)

/** The provider's name on buttons and tabs. */
export const SSO_PROVIDER_LABELS: Record<SsoProviderName, string> = {
  azure: 'Microsoft',
  google: 'Google',
  auth0: 'Auth0',
  oidc: 'OpenID Connect',
}

/** What an admin enters per provider; the secret is stored encrypted and answered redacted. */
export interface SsoProviderSettings {
  /** Microsoft Entra ID: the directory (tenant) id or a verified domain of the tenant. */
  tenantID?: string
  /** Auth0: the tenant's domain, such as example.eu.auth0.com. */
  domain?: string
  /** Generic OpenID Connect: the issuer URL. */
  issuer?: string
  /** Generic OpenID Connect: the name on the login page's button (OpenID Connect when empty). */
  label?: string
  clientID: string
  clientSecret: string
}

export type SsoStatus = 'enable' | 'disable'

/** One provider's configuration as GET /sso-config answers it (the secret redacted). */
export interface SsoProviderConfig {
  providerName: SsoProviderName
  providerLabel: string
  config: SsoProviderSettings
  status: SsoStatus
  /** The issuer Weft discovers, from the fields above; '' until they are filled in. */
  issuer: string
  /** The redirect URI to register at the provider. */
  callbackURL: string
  /** Whether a configuration is stored yet. */
  configured: boolean
}

export interface SsoConfigResponse {
  providers: SsoProviderConfig[]
  callbacks: Array<{ providerName: SsoProviderName; callbackURL: string }>
}

/** An enabled provider as the login page sees it. */
export interface SsoLoginProvider {
  providerName: SsoProviderName
  label: string
  /** Where the button goes: the server's start of the sign-in. */
  url: string
}

export interface SsoTestResult {
  ok: boolean
  message: string
  issuer: string
}

/** The field each provider needs besides the client id and secret, with its label. */
export const SSO_ISSUER_FIELD: Record<
  SsoProviderName,
  { field: 'tenantID' | 'domain' | 'issuer'; label: string } | undefined
> = {
  azure: { field: 'tenantID', label: 'Tenant ID' },
  google: undefined,
  auth0: { field: 'domain', label: 'Domain' },
  oidc: { field: 'issuer', label: 'Issuer URL' },
}

/** Entra ID's shared endpoints sign tokens with a per-tenant issuer, so they cannot be checked: one tenant only. */
const SHARED_AZURE_TENANTS = new Set(['common', 'organizations', 'consumers'])

/**
 * The issuer of a provider's settings, or the message naming what is wrong (the field first, as
 * every bad-input answer does).
 */
export function ssoIssuer(
  provider: SsoProviderName,
  s: Partial<SsoProviderSettings>,
): { issuer: string } | { error: string } {
  switch (provider) {
    case 'google':
      return { issuer: 'https://accounts.google.com' }
    case 'azure': {
      const tenant = (s.tenantID ?? '').trim()
      if (!tenant) return { error: 'tenantID: is required' }
      if (SHARED_AZURE_TENANTS.has(tenant.toLowerCase()))
        return { error: `tenantID: must be your directory's own tenant id, not '${tenant}'` }
      if (!/^[A-Za-z0-9.-]+$/.test(tenant)) return { error: 'tenantID: must be a tenant id (a GUID) or a domain' }
      return { issuer: `https://login.microsoftonline.com/${tenant}/v2.0` }
    }
    case 'auth0': {
      const domain = (s.domain ?? '')
        .trim()
        .replace(/^https?:\/\//i, '')
        .replace(/\/+$/, '')
      if (!domain) return { error: 'domain: is required' }
      if (!/^[A-Za-z0-9.-]+(:\d+)?$/.test(domain))
        return { error: 'domain: must be a host name such as example.auth0.com' }
      // Auth0's issuer ends with a slash, and the ID token's iss must equal it exactly.
      return { issuer: `https://${domain}/` }
    }
    case 'oidc': {
      const raw = (s.issuer ?? '').trim()
      if (!raw) return { error: 'issuer: is required' }
      let url: URL
      try {
        url = new URL(raw)
      } catch {
        return { error: 'issuer: must be a URL such as https://id.example.com' }
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return { error: 'issuer: must be an http or https URL' }
      if (url.search || url.hash) return { error: 'issuer: must not have a query or fragment' }
      return { issuer: raw }
    }
  }
}

/** The redirect URI of a provider: where the provider sends the browser back to Weft. */
export const ssoCallbackUrl = (publicUrl: string, provider: SsoProviderName): string =>
  `${publicUrl.replace(/\/+$/, '')}/api/v1/sso/${provider}/callback`

/** The login page's button label. */
export const ssoButtonLabel = (label: string): string => `Sign in with ${label}`
