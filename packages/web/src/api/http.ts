import { navigateTo } from '../app/navigation'
import { notify } from '../components/notifications/notify'
import { useSession } from '../store/session'
import { createApiClient } from './client'

/** The app's one API client, wired to the browser, the router and the session. */
export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  currentPath: () => window.location.pathname + window.location.search,
  navigate: navigateTo,
  redirect: (url) => window.location.assign(url),
  clearSession: () => useSession.getState().clear(),
  setToken: (token) => useSession.getState().setToken(token),
  notifyError: (message) => notify(message, 'error'),
})
