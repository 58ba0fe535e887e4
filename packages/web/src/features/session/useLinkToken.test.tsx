import { fireEvent, screen, waitFor } from '@testing-library/react'
import type { InvitationPreview } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, resetApp, stubServer } from '../../test/renderApp'

const TOKEN = 'Zk3-live_link_token'
const JSON_HEADERS = { headers: { 'content-type': 'application/json' } }
const answer = (message: string) => new Response(JSON.stringify({ message }), JSON_HEADERS)
const INVITATION: InvitationPreview = {
  email: 'grace@example.com',
  name: '',
  organization: "Ada's Organization",
  workspace: 'Research',
  role: 'viewer',
  invitedBy: 'Ada',
  expiresAt: '2099-01-01T00:00:00.000Z',
}

/** The bodies the pages post to the account routes. */
function accountServer() {
  const sent: { url: string; body: Record<string, string> }[] = []
  stubServer((url, init) => {
    if (!url.startsWith('/api/v1/account/')) return undefined
    // The registration page first reads what the invitation is for.
    if (url.startsWith('/api/v1/account/invite?')) return new Response(JSON.stringify(INVITATION), JSON_HEADERS)
    sent.push({ url, body: JSON.parse(String(init?.body)) as Record<string, string> })
    return answer('Done.')
  })
  return sent
}

const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } })

describe('account links', () => {
  afterEach(() => {
    resetApp()
    sessionStorage.clear()
    window.history.replaceState(null, '', '/')
  })

  it('takes the reset token out of the address bar once read, and still uses it', async () => {
    const sent = accountServer()
    renderApp(`/reset-password?token=${TOKEN}`, { inAddressBar: true })
    await screen.findByRole('heading', { name: 'Reset your password' }, { timeout: 5000 })
    await waitFor(() => expect(window.location.href).toBe(`${window.location.origin}/reset-password`))
    typeInto('New password', 'a-new-password')
    typeInto('Confirm password', 'a-new-password')
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    await waitFor(() =>
      expect(sent).toEqual([
        { url: '/api/v1/account/reset-password', body: { token: TOKEN, password: 'a-new-password' } },
      ]),
    )
    expect(window.location.href).not.toContain(TOKEN)
  })

  it('keeps the token through a reload of the page, though not in the address bar', async () => {
    accountServer()
    renderApp(`/reset-password?token=${TOKEN}`, { inAddressBar: true })
    await waitFor(() => expect(window.location.search).toBe(''))
    resetApp()
    const sent = accountServer()
    renderApp('/reset-password', { inAddressBar: true })
    expect(await screen.findByText('Choose a new password for your account.', {}, { timeout: 5000 })).toBeTruthy()
    typeInto('New password', 'a-new-password')
    typeInto('Confirm password', 'a-new-password')
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    await waitFor(() => expect(sent[0]?.body.token).toBe(TOKEN))
  })

  it('takes the invitation and verification tokens out too, keeping other parameters', async () => {
    const sent = accountServer()
    renderApp(`/verify?token=${TOKEN}`, { inAddressBar: true })
    await waitFor(() => expect(sent).toEqual([{ url: '/api/v1/account/verify', body: { token: TOKEN } }]))
    await waitFor(() => expect(window.location.href).toBe(`${window.location.origin}/verify`))
    resetApp()

    accountServer()
    renderApp(`/register?token=${TOKEN}&ref=mail`, { setupRequired: false, inAddressBar: true })
    expect(await screen.findByText(/invited you to the workspace Research/, {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveProperty('value', 'grace@example.com')
    await waitFor(() => expect(window.location.href).toBe(`${window.location.origin}/register?ref=mail`))
  })
})
