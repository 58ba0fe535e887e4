import type { RouteRule } from '@weft/core'
import { useMatches } from 'react-router'

export interface RouteHandle {
  rule: RouteRule
}

const hasRule = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && 'rule' in handle

/** The rule (title, permission, flag) of the deepest matched route. */
export function useRouteRule(): RouteRule | undefined {
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(hasRule)
  return handle?.rule
}
