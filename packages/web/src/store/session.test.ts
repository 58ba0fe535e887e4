import type { LoginResponse } from '@weft/core'
import { beforeEach, describe, expect, it } from 'vitest'
import { admin } from '../test/renderApp'
import { useSession } from './session'

const response: LoginResponse = {
  ...admin,
  role: 'member',
  isSSO: true,
  permissions: ['chatflows:view'],
  token: 'secret-token',
  features: { 'feat:users': true },
}

const stored = () => JSON.parse(localStorage.getItem('weft.session') ?? 'null') as { state: Record<string, unknown> }

describe('session store', () => {
  beforeEach(() => {
    useSession.getState().clear()
    localStorage.clear()
  })

  it('keeps the login response as the session', () => {
    useSession.getState().login(response)
    const state = useSession.getState()
    expect(state).toMatchObject({
      isAuthenticated: true,
      isGlobal: true,
      isSSO: true,
      token: 'secret-token',
      permissions: ['chatflows:view'],
      features: { 'feat:users': true },
    })
    expect(state.user).toMatchObject({ id: 'u1', email: 'ada@example.com' })
    expect(state.user).not.toHaveProperty('token')
  })

  it('persists the session to local storage without the token', () => {
    useSession.getState().login(response)
    const { state } = stored()
    expect(state).toMatchObject({ isAuthenticated: true, isGlobal: true, isSSO: true, permissions: ['chatflows:view'] })
    expect(state).not.toHaveProperty('token')
    expect(JSON.stringify(state)).not.toContain('secret-token')
  })

  it('changes only name and email on a profile update', () => {
    useSession.getState().login(response)
    useSession.getState().updateProfile({ name: 'Ada L.', email: 'ada@weft.dev' })
    const { user } = useSession.getState()
    expect(user).toMatchObject({ name: 'Ada L.', email: 'ada@weft.dev', role: 'member', activeWorkspaceId: 'w1' })
  })

  it('forgets everything on clear', () => {
    useSession.getState().login(response)
    document.cookie = 'theme=dark'
    useSession.getState().clear()
    expect(useSession.getState()).toMatchObject({
      user: null,
      isAuthenticated: false,
      isGlobal: false,
      token: null,
      permissions: [],
      features: {},
      isSSO: false,
    })
    expect(stored().state.isAuthenticated).toBe(false)
    expect(document.cookie).not.toContain('theme=dark')
  })
})
