import { configure, fireEvent, screen, waitFor } from '@testing-library/react'
import { REDACTED_SECRET, SSO_PROVIDERS, type SsoProviderConfig } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { admin, renderApp, resetApp } from '../../test/renderApp'
import { json, restServer } from '../credentials/test/restServer'

configure({ asyncUtilTimeout: 5000 })

const enterpriseAdmin = { ...admin, features: { 'feat:sso-config': true }, permissions: ['sso:manage'] }

const unconfigured = (name: (typeof SSO_PROVIDERS)[number]): SsoProviderConfig => ({
  providerName: name,
  providerLabel: name,
  config: { clientID: '', clientSecret: '' },
  status: 'disable',
  issuer: '',
  callbackURL: `https://weft.example.com/api/v1/sso/${name}/callback`,
  configured: false,
})

function ssoServer({ fail = false } = {}) {
  let providers = SSO_PROVIDERS.map(unconfigured)
  return restServer((method, path, body) => {
    if (method === 'GET' && path === '/sso-config')
      return fail ? json({ message: 'Database is busy' }, 500) : json({ providers, callbacks: [] })
    if (method === 'POST' && path === '/sso-config/test')
      return json({
        ok: false,
        issuer: 'https://login.microsoftonline.com/t1/v2.0',
        message: 'The issuer https://login.microsoftonline.com/t1/v2.0 did not answer OpenID discovery',
      })
    if (method === 'PUT' && path === '/sso-config') {
      const b = body as { providerName: string; config: Record<string, string>; status: 'enable' | 'disable' }
      const saved: SsoProviderConfig = {
        ...unconfigured(b.providerName as 'azure'),
        config: { ...b.config, clientID: b.config.clientID ?? '', clientSecret: REDACTED_SECRET },
        status: b.status,
        configured: true,
      }
      providers = providers.map((p) => (p.providerName === b.providerName ? saved : p))
      return json(saved)
    }
    return undefined
  })
}

describe('SSO Config', () => {
  afterEach(resetApp)

  it('shows a tab per provider with the redirect URI, tests discovery and saves with the secret redacted after', async () => {
    const server = ssoServer()
    renderApp('/sso-config', { platform: 'enterprise', user: enterpriseAdmin })
    for (const tab of ['Microsoft', 'Google', 'Auth0', 'OpenID Connect'])
      expect(await screen.findByRole('tab', { name: new RegExp(tab) })).toBeTruthy()
    expect(screen.getByTestId('sso-redirect-uri').textContent).toContain(
      'https://weft.example.com/api/v1/sso/azure/callback',
    )

    fireEvent.change(screen.getByLabelText('Tenant ID'), { target: { value: 't1' } })
    fireEvent.change(screen.getByLabelText('Client ID'), { target: { value: 'client-1' } })
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 's3cret' } })
    fireEvent.click(screen.getByRole('button', { name: 'Test' }))
    expect((await screen.findByTestId('sso-test-result')).textContent).toContain('did not answer OpenID discovery')
    expect(server.calls('POST')[0]?.body).toEqual({
      providerName: 'azure',
      config: { tenantID: 't1', clientID: 'client-1', clientSecret: 's3cret' },
    })

    fireEvent.click(screen.getByLabelText('Enable sign-in with this provider'))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.calls('PUT')).toHaveLength(1))
    expect(server.calls('PUT')[0]?.body).toMatchObject({ providerName: 'azure', status: 'enable' })
    await waitFor(() =>
      expect((screen.getByLabelText('Client secret') as HTMLInputElement).value).toBe(REDACTED_SECRET),
    )
    expect(screen.getByText(/A secret is stored \(never shown\)/)).toBeTruthy()

    fireEvent.click(screen.getByRole('tab', { name: /OpenID Connect/ }))
    expect(await screen.findByLabelText('Issuer URL')).toBeTruthy()
    expect(screen.getByLabelText('Button label')).toBeTruthy()
  }, 30_000)

  it('says when the settings cannot be loaded, with a retry', async () => {
    ssoServer({ fail: true })
    renderApp('/sso-config', { platform: 'enterprise', user: enterpriseAdmin })
    expect(await screen.findByText('Could not load the single sign-on settings')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})

describe('login page with single sign-on', () => {
  afterEach(resetApp)

  it('shows a button per enabled provider and the error a failed sign-on came back with', async () => {
    restServer((method, path) => {
      if (method === 'GET' && path === '/sso/providers')
        return json({ providers: [{ providerName: 'oidc', label: 'Acme ID', url: '/api/v1/sso/oidc/login' }] })
      return undefined
    })
    renderApp('/login?ssoError=mallory%40example.com%20has%20no%20account', { platform: 'enterprise' })
    const button = await screen.findByRole('link', { name: 'Sign in with Acme ID' })
    expect(button.getAttribute('href')).toBe('/api/v1/sso/oidc/login')
    expect(screen.getByTestId('sso-error').textContent).toContain('mallory@example.com has no account')
  })

  it('closes the profile page to an SSO user', async () => {
    restServer(() => undefined)
    renderApp('/user-profile', { platform: 'enterprise', user: { ...enterpriseAdmin, isSSO: true } })
    expect((await screen.findByTestId('sso-profile-closed')).textContent).toContain('managed by your identity provider')
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull()
    expect(screen.queryByLabelText(/password/i)).toBeNull()
  })
})
