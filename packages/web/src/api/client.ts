import { ACCOUNT_DISABLED, errorMessage } from '@weft/core'
import { ApiError } from './ApiError'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** What the client needs from the browser and the app; injected so tests can stub every part. */
export interface ClientDeps {
  fetch: typeof fetch
  /** The current path with its query, e.g. `/chatflows?x=1`. */
  currentPath: () => string
  /** In-app navigation; `from` is remembered for after login. */
  navigate: (to: string, from?: string) => void
  /** Full page navigation to an address the server names. */
  redirect: (url: string) => void
  clearSession: () => void
  setToken: (token: string) => void
  notifyError: (message: string) => void
  baseUrl?: string
}

/** Per-request choices. */
export interface RequestOptions {
  /**
   * False for a request whose 403 the caller shows itself, e.g. a picker inside a screen the user
   * may open: the user stays where they are instead of being sent to /unauthorized.
   */
  navigateOnForbidden?: boolean
}

export interface ApiClient {
  get: <T>(path: string, options?: RequestOptions) => Promise<T>
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => Promise<T>
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => Promise<T>
  /** `body` for the few deletes that name their targets in it (executions, by id list). */
  delete: <T>(path: string, options?: RequestOptions, body?: unknown) => Promise<T>
}

type Body = Record<string, unknown>

const asBody = (data: unknown): Body => (typeof data === 'object' && data !== null ? (data as Body) : {})

const isLoginPage = (path: string): boolean => /^\/(login|signin)(\?|#|$)/.test(path)

/** SPEC §4: "subscription_canceled" sends the browser to the address with an error query parameter. */
function authRedirectUrl(redirectTo: string, error: string): string {
  if (error !== 'subscription_canceled') return redirectTo
  const separator = redirectTo.includes('?') ? '&' : '?'
  return `${redirectTo}${separator}error=${encodeURIComponent(error)}`
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function toError(response: Response, data: unknown): ApiError {
  const fallback = response.statusText || `Request failed with status ${response.status}`
  return new ApiError(response.status, data, errorMessage(data ?? fallback))
}

/** The HTTP client of SPEC §7 and §8: JSON under /api/v1, cookies sent, 401 and 403 handled. */
export function createApiClient(deps: ClientDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? '/api/v1'
  let refreshing: Promise<boolean> | undefined

  const send = (method: Method, path: string, body?: unknown): Promise<Response> =>
    deps.fetch(`${baseUrl}${path}`, {
      method,
      credentials: 'include',
      // An empty body must not claim to be JSON: the server rejects an empty JSON body.
      headers: {
        'x-request-from': 'internal',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })

  async function tryRefresh(): Promise<boolean> {
    try {
      const response = await send('POST', '/auth/refreshToken')
      const data = asBody(await readBody(response))
      if (!response.ok || !data.id) return false
      if (typeof data.token === 'string') deps.setToken(data.token)
      return true
    } catch {
      return false
    }
  }

  // Requests that expire together share one refresh.
  function refresh(): Promise<boolean> {
    refreshing ??= tryRefresh().finally(() => {
      refreshing = undefined
    })
    return refreshing
  }

  function goToLogin(): void {
    const path = deps.currentPath()
    if (!isLoginPage(path)) deps.navigate('/login', path)
  }

  async function onUnauthorized(data: unknown, error: ApiError, retry: (() => Promise<unknown>) | undefined) {
    const body = asBody(data)
    if (body.message === 'Token Expired' && body.retry === true && retry) {
      if (await refresh()) return retry()
      deps.clearSession()
      throw error
    }
    if (typeof body.redirectTo === 'string' && typeof body.error === 'string') {
      deps.notifyError(typeof body.message === 'string' ? body.message : body.error)
      deps.redirect(authRedirectUrl(body.redirectTo, body.error))
      throw error
    }
    deps.clearSession()
    // A disabled account is told why it is signed out; every other 401 just goes to sign in.
    if (body.message === ACCOUNT_DISABLED && !isLoginPage(deps.currentPath())) deps.notifyError(ACCOUNT_DISABLED)
    if (body.message === 'Invalid or Missing token') deps.navigate('/login', deps.currentPath())
    else goToLogin()
    throw error
  }

  async function request<T>(
    method: Method,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
    isRetry = false,
  ): Promise<T> {
    const response = await send(method, path, body)
    const data = await readBody(response)
    if (response.ok) return data as T
    const error = toError(response, data)
    if (response.status === 401) {
      const retry = isRetry ? undefined : () => request<T>(method, path, body, options, true)
      return (await onUnauthorized(data, error, retry)) as T
    }
    if (response.status === 403 && options.navigateOnForbidden !== false) deps.navigate('/unauthorized')
    throw error
  }

  return {
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    delete: (path, options, body) => request('DELETE', path, body, options),
  }
}
