import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { getSignedInUser } from '../../api/workspace'
import { useSession } from '../../store/session'
import { useSettings } from '../../store/settings'
import { refreshSessionUser } from './sessionWorkspaces'

export const SIGNED_IN_USER_KEY = 'signed-in-user'

/** How often the signed-in state is read again while the app is open. */
const REFRESH_MS = 30_000

/**
 * Keeps the session's user as the server sees it (enterprise and cloud), so a workspace deleted or
 * left under the user shows as missing and Workspace Unavailable appears: read again on opening,
 * on each page change, when the window gets focus and every 30 seconds.
 */
export function useSignedInUserSync(): void {
  const platform = useSettings((state) => state.platform)
  const signedIn = useSession((state) => state.isAuthenticated)
  const enabled = signedIn && platform !== 'open source'
  const { pathname } = useLocation()
  const queryClient = useQueryClient()
  const { data } = useQuery({
    queryKey: [SIGNED_IN_USER_KEY],
    queryFn: getSignedInUser,
    enabled,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
    retry: false,
    staleTime: 0,
  })
  // The first render's read is the query's own; later page changes read again.
  const seenPath = useRef(pathname)
  useEffect(() => {
    if (!enabled || seenPath.current === pathname) return
    seenPath.current = pathname
    void queryClient.invalidateQueries({ queryKey: [SIGNED_IN_USER_KEY] })
  }, [enabled, pathname, queryClient])
  useEffect(() => {
    if (data) refreshSessionUser(data)
  }, [data])
}
