import { decideRoute } from '@weft/core'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useAccessContext } from '../store/useAccessContext'
import { useRouteRule } from './useRouteRule'

/** Guards main and canvas routes with core's rule; the requested path rides along to /login. */
export default function RouteGuard({ children }: { children: ReactNode }) {
  const rule = useRouteRule()
  const ctx = useAccessContext()
  const { pathname, search } = useLocation()
  const decision = decideRoute(rule ?? {}, ctx, pathname + search)
  if (decision.kind === 'login') return <Navigate to="/login" replace state={{ from: decision.from }} />
  if (decision.kind === 'unauthorized') return <Navigate to="/unauthorized" replace />
  return children
}
