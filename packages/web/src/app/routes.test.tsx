import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useSession } from '../store/session'
import { admin, findHeading, renderApp, resetApp, stubServer } from '../test/renderApp'

describe('routes', () => {
  beforeEach(() => {
    stubServer()
  })
  afterEach(resetApp)

  it('sends a signed-out visitor to the login page', async () => {
    renderApp('/credentials')
    expect(await findHeading('Sign in')).toBeTruthy()
  })

  it('returns to the requested page after login', async () => {
    stubServer((url) => (url === '/api/v1/auth/login' ? new Response(JSON.stringify(admin)) : undefined))
    renderApp('/tools?tab=mine')
    await findHeading('Sign in')
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'password123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await findHeading('Tools')).toBeTruthy()
    expect(useSession.getState().isAuthenticated).toBe(true)
  })

  it('shows a signed-in user the screen and the side menu', async () => {
    renderApp('/credentials', { user: admin })
    expect(await findHeading('Credentials')).toBeTruthy()
    const menu = screen.getByRole('navigation', { name: 'Main menu' })
    expect(menu.textContent).toContain('Chatflows')
    expect(menu.textContent).not.toContain('Documentation')
    expect(screen.getByRole('link', { name: 'Credentials' }).getAttribute('aria-current')).toBe('page')
  })

  it('adds Documentation and Logout to the menu on cloud', async () => {
    renderApp('/chatflows', { user: admin, platform: 'cloud' })
    await findHeading('Chatflows')
    expect(screen.getByRole('link', { name: /Documentation/ }).getAttribute('href')).toBe('https://docs.weft.dev')
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy()
  })

  it('closes routes with a display flag on open source', async () => {
    renderApp('/datasets', { user: admin })
    expect(await findHeading('Access denied')).toBeTruthy()
  })

  it('shows a not-found page for unknown paths', async () => {
    renderApp('/no/such/page', { user: admin })
    expect(await screen.findByText('Page not found')).toBeTruthy()
  })

  it('shows organization setup at any route on a fresh install', async () => {
    renderApp('/chatflows', { setupRequired: true })
    expect(await findHeading('Set up your organization')).toBeTruthy()
  })

  it('shows public pages without signing in', async () => {
    renderApp('/chatbot/abc')
    expect(await screen.findByText('Chatbot')).toBeTruthy()
  })

  it('shows canvas routes full screen with a way back', async () => {
    renderApp('/v2/agentcanvas/abc', { user: admin })
    expect(await findHeading('Agentflow')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/agentflows')
  })
})
