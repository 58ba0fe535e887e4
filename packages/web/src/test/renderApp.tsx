import { cleanup, render, screen } from '@testing-library/react'
import { DEFAULT_FLOW_BODY_LIMIT_MB, type LoginResponse, type PlatformType } from '@weft/core'
import { createBrowserRouter, createMemoryRouter } from 'react-router'
import { vi } from 'vitest'
import App from '../app/App'
import { queryClient } from '../app/queryClient'
import { routes } from '../app/routes'
import { useSession } from '../store/session'
import { useSettings } from '../store/settings'

/** An organization admin of a one-workspace open-source install. */
export const admin: LoginResponse = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  status: 'active',
  role: 'owner',
  isSSO: false,
  activeOrganizationId: 'o1',
  activeOrganizationSubscriptionId: null,
  activeOrganizationCustomerId: null,
  activeOrganizationProductId: null,
  activeWorkspaceId: 'w1',
  activeWorkspace: 'Default',
  lastLogin: null,
  isOrganizationAdmin: true,
  assignedWorkspaces: [{ id: 'w1', name: 'Default' }],
  permissions: [],
  token: 't',
  features: {},
}

type Answer = (url: string, init?: RequestInit) => Response | undefined

/** Every call the test does not answer fails as if offline. */
export function stubServer(answer: Answer = () => undefined) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => answer(url, init) ?? Promise.reject(new TypeError('offline')))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

/**
 * Render the whole app at `path` on a wide screen, optionally signed in. `inAddressBar` runs it on
 * the window's own history, for tests of what the address bar shows.
 */
export function renderApp(path: string, { platform = 'open source' as PlatformType, setupRequired = false, user = undefined as LoginResponse | undefined, inAddressBar = false } = {}) {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: true,
    media,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
  if (user) useSession.getState().login(user)
  useSettings.setState({ platform, setupRequired, flowBodyLimitMb: DEFAULT_FLOW_BODY_LIMIT_MB, loading: false })
  if (inAddressBar) window.history.replaceState(null, '', path)
  render(<App router={inAddressBar ? createBrowserRouter(routes) : createMemoryRouter(routes, { initialEntries: [path] })} />)
}

export function resetApp() {
  cleanup()
  // The app's query cache outlives a render: one test's answers must not show in the next.
  queryClient.clear()
  useSession.getState().clear()
  localStorage.clear()
  vi.unstubAllGlobals()
}

// Lists and canvases load lazily; a busy test machine may take more than the default second.
export const findHeading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 })
