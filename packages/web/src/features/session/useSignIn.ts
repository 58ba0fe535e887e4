import type { LoginResponse } from '@weft/core'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { useSession } from '../../store/session'

/** Store a login response as the session and go to `to`. */
export function useSignIn() {
  const navigate = useNavigate()
  const login = useSession((state) => state.login)
  return useCallback(
    (response: LoginResponse, to: string) => {
      login(response)
      void navigate(to, { replace: true })
    },
    [login, navigate],
  )
}
