import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** One server per edition the browser tests need, each on its own port with its own fresh data folder. */
export const SERVERS = {
  fresh: { port: 3301, env: {} },
  openSource: { port: 3302, env: { WEFT_ADMIN_EMAIL: 'admin@example.com', WEFT_ADMIN_PASSWORD: 'admin-password-1' } },
  enterprise: {
    port: 3303,
    env: { PLATFORM_TYPE: 'enterprise', WEFT_ADMIN_EMAIL: 'admin@example.com', WEFT_ADMIN_PASSWORD: 'admin-password-1' },
  },
} as const

export type ServerName = keyof typeof SERVERS

export const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' }

export const urlOf = (name: ServerName, path = '/') => `http://127.0.0.1:${SERVERS[name].port}${path}`

export const homeOf = (name: ServerName) => join(tmpdir(), `weft-e2e-${name}`)
