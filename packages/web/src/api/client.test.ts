import { ACCOUNT_DISABLED } from '@weft/core'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './ApiError'
import { createApiClient, type ClientDeps } from './client'

type Reply = { status: number; body?: unknown }

const json = ({ status, body }: Reply): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), { status })

/** A fetch stub that answers each call with the next reply and records what was asked. */
function stubFetch(...replies: Reply[]) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    const reply = replies.shift()
    if (!reply) throw new Error('unexpected request')
    return json(reply)
  })
}

const expired = { status: 401, body: { message: 'Token Expired', retry: true } }

let deps: ClientDeps & { fetch: ReturnType<typeof stubFetch> }

function setup(replies: Reply[], path = '/chatflows') {
  deps = {
    fetch: stubFetch(...replies),
    currentPath: () => path,
    navigate: vi.fn(),
    redirect: vi.fn(),
    clearSession: vi.fn(),
    setToken: vi.fn(),
    notifyError: vi.fn(),
  }
  return createApiClient(deps)
}

const calledUrls = () => deps.fetch.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)

describe('api client', () => {
  beforeEach(() => vi.restoreAllMocks())

  it('sends JSON to /api/v1 with the internal header and cookies', async () => {
    const api = setup([{ status: 200, body: { id: 'u1' } }])
    await expect(api.put('/user', { name: 'Ada' })).resolves.toEqual({ id: 'u1' })
    const [url, init] = deps.fetch.mock.calls[0]!
    expect(url).toBe('/api/v1/user')
    expect(init?.credentials).toBe('include')
    expect(init?.body).toBe('{"name":"Ada"}')
    expect(init?.headers).toEqual({ 'x-request-from': 'internal', 'Content-Type': 'application/json' })
  })

  it('sends no content type when there is no body', async () => {
    const api = setup([{ status: 200, body: { version: '1.0.0' } }])
    await api.get('/version')
    expect(deps.fetch.mock.calls[0]![1]?.headers).toEqual({ 'x-request-from': 'internal' })
  })

  it('refreshes an expired token and repeats the request once', async () => {
    const api = setup([expired, { status: 200, body: { id: 'u1', token: 't2' } }, { status: 200, body: ['flow'] }])
    await expect(api.get('/chatflows')).resolves.toEqual(['flow'])
    expect(calledUrls()).toEqual(['GET /api/v1/chatflows', 'POST /api/v1/auth/refreshToken', 'GET /api/v1/chatflows'])
    expect(deps.setToken).toHaveBeenCalledWith('t2')
    expect(deps.clearSession).not.toHaveBeenCalled()
  })

  it('clears the session and rejects when the refresh fails', async () => {
    const api = setup([expired, { status: 401, body: { message: 'Invalid or Missing token' } }])
    await expect(api.get('/chatflows')).rejects.toThrow('Token Expired')
    expect(calledUrls()).toHaveLength(2)
    expect(deps.clearSession).toHaveBeenCalledOnce()
  })

  it('does not repeat the request when the refresh answers without an id', async () => {
    const api = setup([expired, { status: 200, body: {} }])
    await expect(api.get('/chatflows')).rejects.toBeInstanceOf(ApiError)
    expect(calledUrls()).toHaveLength(2)
    expect(deps.clearSession).toHaveBeenCalledOnce()
  })

  it('repeats a request only once even if it expires again', async () => {
    const api = setup([expired, { status: 200, body: { id: 'u1' } }, expired])
    await expect(api.get('/chatflows')).rejects.toThrow('Token Expired')
    expect(calledUrls()).toHaveLength(3)
    expect(deps.clearSession).toHaveBeenCalledOnce()
  })

  it('shares one refresh between requests that expire together', async () => {
    const api = setup([expired, expired, { status: 200, body: { id: 'u1' } }, { status: 200, body: 1 }, { status: 200, body: 2 }])
    await expect(Promise.all([api.get('/a'), api.get('/b')])).resolves.toEqual([1, 2])
    expect(calledUrls().filter((call) => call.endsWith('refreshToken'))).toHaveLength(1)
  })

  it('clears the session and goes to /login on an invalid token', async () => {
    const api = setup([{ status: 401, body: { message: 'Invalid or Missing token' } }], '/tools?x=1')
    await expect(api.get('/tools')).rejects.toThrow('Invalid or Missing token')
    expect(deps.clearSession).toHaveBeenCalledOnce()
    expect(deps.navigate).toHaveBeenCalledWith('/login', '/tools?x=1')
  })

  it('shows the error and redirects when the server names an address', async () => {
    const body = { error: 'unauthorized', message: 'Session ended', redirectTo: 'https://example.com/in' }
    const api = setup([{ status: 401, body }])
    await expect(api.get('/user')).rejects.toBeInstanceOf(ApiError)
    expect(deps.notifyError).toHaveBeenCalledWith('Session ended')
    expect(deps.redirect).toHaveBeenCalledWith('https://example.com/in')
  })

  it('adds the error to the address when the subscription was canceled', async () => {
    const body = { error: 'subscription_canceled', redirectTo: '/account?tab=1' }
    const api = setup([{ status: 401, body }])
    await expect(api.get('/user')).rejects.toBeInstanceOf(ApiError)
    expect(deps.redirect).toHaveBeenCalledWith('/account?tab=1&error=subscription_canceled')
  })

  it('says why when the account was disabled, then goes to /login', async () => {
    const api = setup([{ status: 401, body: { message: ACCOUNT_DISABLED } }])
    await expect(api.get('/chatflows')).rejects.toThrow(ACCOUNT_DISABLED)
    expect(deps.notifyError).toHaveBeenCalledWith(ACCOUNT_DISABLED)
    expect(deps.clearSession).toHaveBeenCalledOnce()
    expect(deps.navigate).toHaveBeenCalledWith('/login', '/chatflows')
  })

  it('clears the session and goes to /login on any other 401', async () => {
    const api = setup([{ status: 401, body: { message: 'Nope' } }])
    await expect(api.get('/user')).rejects.toThrow('Nope')
    expect(deps.clearSession).toHaveBeenCalledOnce()
    expect(deps.navigate).toHaveBeenCalledWith('/login', '/chatflows')
    expect(deps.notifyError).not.toHaveBeenCalled()
  })

  it.each(['/login', '/signin'])('stays on %s after a 401 and keeps the server message', async (path) => {
    const api = setup([{ status: 401, body: { message: 'Invalid email or password' } }], path)
    await expect(api.post('/auth/login', {})).rejects.toThrow('Invalid email or password')
    expect(deps.navigate).not.toHaveBeenCalled()
  })

  it('goes to /unauthorized on 403', async () => {
    const api = setup([{ status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Forbidden' } }])
    await expect(api.get('/users')).rejects.toMatchObject({ status: 403 })
    expect(deps.navigate).toHaveBeenCalledWith('/unauthorized')
  })

  it('leaves the user where they are on a 403 the caller asked to handle', async () => {
    const api = setup([{ status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Forbidden' } }])
    await expect(api.get('/credentials', { navigateOnForbidden: false })).rejects.toMatchObject({ status: 403 })
    expect(deps.navigate).not.toHaveBeenCalled()
    expect(deps.clearSession).not.toHaveBeenCalled()
  })

  it('rejects other errors with the server message and leaves the session alone', async () => {
    const api = setup([{ status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'name is required' } }])
    await expect(api.post('/workspace', {})).rejects.toMatchObject({ status: 400, message: 'name is required' })
    expect(deps.clearSession).not.toHaveBeenCalled()
    expect(deps.navigate).not.toHaveBeenCalled()
  })

  it('falls back to the status text when the body is empty', async () => {
    const api = setup([])
    deps.fetch.mockResolvedValueOnce(new Response(null, { status: 502, statusText: 'Bad Gateway' }))
    await expect(api.get('/version')).rejects.toThrow('Bad Gateway')
  })
})
