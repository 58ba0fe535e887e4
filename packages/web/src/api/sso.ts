import type {
  LoginResponse,
  SsoConfigResponse,
  SsoLoginProvider,
  SsoProviderConfig,
  SsoProviderName,
  SsoProviderSettings,
  SsoStatus,
  SsoTestResult,
} from '@weft/core'
import { api } from './http'

export interface SsoProviderUpdate {
  providerName: SsoProviderName
  config: Partial<SsoProviderSettings>
  status: SsoStatus
}

/** Every provider's configuration, secrets redacted (REDACTED_SECRET), with its redirect URI. */
export const getSsoConfig = () => api.get<SsoConfigResponse>('/sso-config')

/** Saves one provider; a secret sent back redacted keeps the stored one while the issuer stays. */
export const saveSsoProvider = (body: SsoProviderUpdate) => api.put<SsoProviderConfig>('/sso-config', body)

/** Runs OpenID discovery at the issuer the fields give. */
export const testSsoProvider = (body: Pick<SsoProviderUpdate, 'providerName' | 'config'>) =>
  api.post<SsoTestResult>('/sso-config/test', body)

/** The enabled providers the login page offers (public). */
export const listSsoLoginProviders = () => api.get<{ providers: SsoLoginProvider[] }>('/sso/providers')

/** After the provider sent the browser back: the session cookies are set, this reads the signed-in state. */
export const loadSignedInState = () => api.post<LoginResponse>('/auth/refreshToken')
