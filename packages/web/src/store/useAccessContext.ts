import type { AccessContext } from '@weft/core'
import { useMemo } from 'react'
import { useSession } from './session'
import { useSettings } from './settings'

/** Who is asking, for core's permission, feature and route rules; undefined when signed out. */
export function useAccessContext(): AccessContext | undefined {
  const platform = useSettings((state) => state.platform)
  const isAuthenticated = useSession((state) => state.isAuthenticated)
  const isGlobal = useSession((state) => state.isGlobal)
  const permissions = useSession((state) => state.permissions)
  const features = useSession((state) => state.features)
  const activeWorkspaceId = useSession((state) => state.user?.activeWorkspaceId)
  return useMemo(
    () => (isAuthenticated ? { platform, isGlobal, permissions, features, activeWorkspaceId } : undefined),
    [platform, isAuthenticated, isGlobal, permissions, features, activeWorkspaceId],
  )
}
