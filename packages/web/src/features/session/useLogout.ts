import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { logout } from '../../api/account'
import { dismiss, notify } from '../../components/notifications/notify'
import { useSession } from '../../store/session'

/** SPEC §4 logout: tell the server, say so, forget the session, show the login page. */
export function useLogout() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return useCallback(async () => {
    // Said while it happens; gone once the login page shows, where it would only read as stale.
    const toast = notify('Logging out...', 'success')
    try {
      await logout()
    } catch (error) {
      // The server may already consider the session gone; signing out locally still must happen.
      console.error('Logout request failed', error)
    }
    // Leave the guarded page first, so the guard does not remember it for the next sign-in.
    await navigate('/login', { replace: true })
    useSession.getState().clear()
    queryClient.clear()
    dismiss(toast)
  }, [navigate, queryClient])
}
