import { configure, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { json, restServer } from '../credentials/test/restServer'

configure({ asyncUtilTimeout: 5000 })

const PREVIEW = {
  email: 'vic@example.com',
  name: 'Vic',
  organization: "Ada's Organization",
  workspace: 'Research',
  role: 'viewer',
  invitedBy: 'Ada (ada@example.com)',
  expiresAt: '2030-01-01T00:00:00.000Z',
}

describe('registration from an invitation link', { timeout: 20_000 }, () => {
  afterEach(() => {
    resetApp()
    sessionStorage.clear()
  })

  it('shows the invited e-mail read-only and registers with the token', async () => {
    const server = restServer((method, path) => {
      if (method === 'GET' && path === '/account/invite?token=tok-1') return json(PREVIEW)
      if (method === 'POST' && path === '/account/register')
        return json({ message: 'Your account is ready. You can sign in now.' })
      return undefined
    })
    renderApp('/register?token=tok-1', { platform: 'enterprise' })
    expect(
      await screen.findByText(
        "Ada (ada@example.com) invited you to the workspace Research of Ada's Organization as viewer. Set your name and password to join.",
      ),
    ).toBeTruthy()
    const email = screen.getByLabelText('Email') as HTMLInputElement
    expect(email.value).toBe('vic@example.com')
    expect(email.disabled).toBe(true)
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Vic')
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Password is required')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'vic-password-1' } })
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'vic-password-1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Your account is ready. You can sign in now.')).toBeTruthy()
    await waitFor(() =>
      expect(server.calls('POST')).toEqual([
        {
          path: '/account/register',
          body: { name: 'Vic', email: 'vic@example.com', password: 'vic-password-1', token: 'tok-1' },
        },
      ]),
    )
  })

  it('says why an expired or used link cannot be used, with no form', async () => {
    restServer((method, path) =>
      method === 'GET' && path === '/account/invite?token=old'
        ? json({ message: 'This invitation has expired. Ask an organization admin to send it again.' }, 400)
        : undefined,
    )
    renderApp('/register?token=old', { platform: 'enterprise' })
    expect(
      await screen.findByText('This invitation has expired. Ask an organization admin to send it again.'),
    ).toBeTruthy()
    expect(screen.queryByLabelText('Password')).toBeNull()
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy()
  })
})
