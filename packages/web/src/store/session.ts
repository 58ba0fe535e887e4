import type { Features, LoginResponse, User } from '@weft/core'
import { create } from 'zustand'
import { persist } from 'zustand/middleware'

/** The signed-in state of SPEC §3. */
export interface SessionState {
  user: User | null
  isAuthenticated: boolean
  /** Organization admins pass every permission check. */
  isGlobal: boolean
  /** Kept in memory only; the session itself travels in httpOnly cookies. */
  token: string | null
  permissions: string[]
  features: Features
  isSSO: boolean
}

interface SessionActions {
  /** Login, workspace switch and plan upgrade all replace the whole session. */
  login: (response: LoginResponse) => void
  /** A profile update changes only name and email (SPEC §4). */
  updateProfile: (profile: Pick<User, 'name' | 'email'>) => void
  setToken: (token: string) => void
  clear: () => void
}

const signedOut: SessionState = {
  user: null,
  isAuthenticated: false,
  isGlobal: false,
  token: null,
  permissions: [],
  features: {},
  isSSO: false,
}

/** Expire every cookie script can see; the httpOnly session cookies are cleared by the server. */
function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
}

export const useSession = create<SessionState & SessionActions>()(
  persist(
    (set) => ({
      ...signedOut,
      login: ({ token, features, ...user }) =>
        set({
          user,
          isAuthenticated: true,
          isGlobal: user.isOrganizationAdmin,
          token,
          permissions: user.permissions,
          features,
          isSSO: user.isSSO,
        }),
      updateProfile: ({ name, email }) => set((state) => (state.user ? { user: { ...state.user, name, email } } : {})),
      setToken: (token) => set({ token }),
      clear: () => {
        clearCookies()
        set(signedOut)
      },
    }),
    {
      name: 'weft.session',
      partialize: ({ user, isAuthenticated, isGlobal, permissions, features, isSSO }) => ({
        user,
        isAuthenticated,
        isGlobal,
        permissions,
        features,
        isSSO,
      }),
    },
  ),
)
