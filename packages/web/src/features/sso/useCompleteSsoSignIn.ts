import { errorMessage, type LoginResponse } from '@weft/core'
import { useEffect, useState } from 'react'
import { loadSignedInState } from '../../api/sso'
import { useSignIn } from '../session/useSignIn'

/**
 * One load at a time for the whole page: a refresh token works once, and presenting it twice (a
 * re-run effect) would end the session the provider just opened.
 */
let pending: Promise<LoginResponse> | undefined
const loadOnce = () => {
  pending ??= loadSignedInState().finally(() => {
    pending = undefined
  })
  return pending
}

/**
 * After the provider sent the browser back, the server has set the session cookies: this loads the
 * signed-in state (with its SSO flag) and goes to /. Answers the error message when that failed.
 */
export function useCompleteSsoSignIn(active: boolean): string | null {
  const signIn = useSignIn()
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (!active) return
    let cancelled = false
    loadOnce().then(
      (response) => {
        if (!cancelled) signIn(response, '/')
      },
      (failure: unknown) => {
        if (!cancelled) setError(errorMessage(failure))
      },
    )
    return () => {
      cancelled = true
    }
  }, [active, signIn])
  return error
}
