import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useCustomization } from '../../../store/customization'
import { useSession } from '../../../store/session'
import { admin, findHeading, renderApp, resetApp, stubServer } from '../../../test/renderApp'

const member = { ...admin, isOrganizationAdmin: false, permissions: ['chatflows:view'] }

async function openUserMenu() {
  await findHeading('Chatflows')
  fireEvent.click(screen.getByRole('button', { name: 'User menu' }))
  return within(await screen.findByRole('menu'))
    .getAllByRole('menuitem')
    .map((item) => item.textContent)
}

describe('top bar', () => {
  afterEach(resetApp)

  it('offers every user menu item to an open-source admin', async () => {
    stubServer()
    renderApp('/chatflows', { user: admin })
    expect(await openUserMenu()).toEqual(['Export', 'Import', 'Version', 'Update Profile', 'Logout'])
  })

  it('hides Export and Import without their permissions', async () => {
    stubServer()
    renderApp('/chatflows', { user: member, platform: 'enterprise' })
    expect(await openUserMenu()).toEqual(['Version', 'Update Profile', 'Logout'])
  })

  it('hides Update Profile for SSO users and on cloud', async () => {
    stubServer()
    renderApp('/chatflows', { user: { ...admin, isSSO: true } })
    expect(await openUserMenu()).not.toContain('Update Profile')
    resetApp()
    stubServer()
    renderApp('/chatflows', { user: admin, platform: 'cloud' })
    expect(await openUserMenu()).not.toContain('Update Profile')
  })

  it('shows the workspace switcher on enterprise only with more than one workspace', async () => {
    stubServer()
    const two = [...admin.assignedWorkspaces, { id: 'w2', name: 'Research' }]
    renderApp('/chatflows', { user: { ...admin, assignedWorkspaces: two }, platform: 'enterprise' })
    await findHeading('Chatflows')
    expect(screen.getByRole('button', { name: 'Workspace: Default' })).toBeTruthy()
    resetApp()
    stubServer()
    renderApp('/chatflows', { user: admin, platform: 'enterprise' })
    await findHeading('Chatflows')
    expect(screen.queryByRole('button', { name: /Workspace:/ })).toBeNull()
  })

  it('shows no star badge on enterprise', async () => {
    stubServer((url) => (url === '/api/v1/github-stars' ? new Response(JSON.stringify({ stars: 1234 })) : undefined))
    renderApp('/chatflows', { user: admin, platform: 'enterprise' })
    await findHeading('Chatflows')
    expect(screen.queryByRole('link', { name: /Star/ })).toBeNull()
  })

  it('remembers dark mode', async () => {
    stubServer()
    renderApp('/chatflows', { user: admin })
    await findHeading('Chatflows')
    fireEvent.click(screen.getByRole('button', { name: 'Toggle dark mode' }))
    expect(useCustomization.getState().isDarkMode).toBe(true)
    expect(localStorage.getItem('weft.customization')).toContain('"isDarkMode":true')
    fireEvent.click(screen.getByRole('button', { name: 'Toggle dark mode' }))
    expect(useCustomization.getState().isDarkMode).toBe(false)
  })

  it('logs out: says so meanwhile, tells the server, forgets the session, shows the login page without the toast', async () => {
    const fetch = stubServer((url) =>
      url === '/api/v1/account/logout'
        ? new Response(JSON.stringify({ message: 'logged_out', redirectTo: '/login' }))
        : undefined,
    )
    renderApp('/chatflows', { user: admin })
    await openUserMenu()
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }))
    expect(await screen.findByText('Logging out...')).toBeTruthy()
    expect(await findHeading('Sign in')).toBeTruthy()
    expect(fetch).toHaveBeenCalledWith('/api/v1/account/logout', expect.objectContaining({ method: 'POST' }))
    expect(useSession.getState().isAuthenticated).toBe(false)
    await waitFor(() => expect(screen.queryByText('Logging out...')).toBeNull())
  }, 15_000)
})
