import { useEffect, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'

const storageKey = (page: string) => `weft:link-token:${page}`

/**
 * The `?token=` of an account link (reset password, invitation, verification), taken out of the
 * address bar as soon as it is read: a token left there would reach the history, a shared screen,
 * bookmarks and the addresses the page sends on. It stays in this tab's session storage, so a
 * reload of the page still works.
 */
export function useLinkToken(): string | undefined {
  const [params, setParams] = useSearchParams()
  const page = useLocation().pathname
  const [token] = useState(() => params.get('token') ?? sessionStorage.getItem(storageKey(page)) ?? undefined)
  const inAddress = params.has('token')

  useEffect(() => {
    if (!inAddress) return
    if (token) sessionStorage.setItem(storageKey(page), token)
    const rest = new URLSearchParams(params)
    rest.delete('token')
    setParams(rest, { replace: true })
  }, [inAddress, page, params, setParams, token])

  return token
}
