import { homedir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.js'

describe('configuration from the environment', () => {
  it('defaults to port 3000, ~/.weft, SQLite and open source', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      home: join(homedir(), '.weft'),
      databaseUrl: undefined,
      platform: 'open source',
      publicUrl: 'http://localhost:3000',
      smtp: undefined,
      admin: undefined,
      runTimeoutMs: 300_000,
    })
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      WEFT_HOME: '/data',
      DATABASE_URL: 'postgres://u@db/weft',
      PLATFORM_TYPE: 'cloud',
      WEFT_ADMIN_EMAIL: 'a@b.io',
      WEFT_ADMIN_PASSWORD: 'long-password',
      SMTP_HOST: 'mail',
      SMTP_PORT: '2525',
      WEFT_PUBLIC_URL: 'https://weft.example.com/',
      WEFT_RUN_TIMEOUT_MS: '60000',
    })
    expect(config).toMatchObject({
      port: 8080,
      home: '/data',
      databaseUrl: 'postgres://u@db/weft',
      platform: 'cloud',
      admin: { email: 'a@b.io', password: 'long-password' },
      smtp: { host: 'mail', port: 2525, secure: false },
      publicUrl: 'https://weft.example.com',
      runTimeoutMs: 60_000,
    })
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ WEFT_RUN_TIMEOUT_MS: '10' }, 'WEFT_RUN_TIMEOUT_MS'],
    [{ WEFT_SECRET_KEY: 'short' }, 'WEFT_SECRET_KEY'],
    [{ WEFT_ADMIN_EMAIL: 'a@b.io' }, 'WEFT_ADMIN_PASSWORD'],
    [{ WEFT_ADMIN_EMAIL: 'a@b.io', WEFT_ADMIN_PASSWORD: 'short' }, 'WEFT_ADMIN_PASSWORD'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(name)
  })

  it('treats any unknown PLATFORM_TYPE as open source', () => {
    expect(loadConfig({ PLATFORM_TYPE: 'premium' }).platform).toBe('open source')
  })
})
