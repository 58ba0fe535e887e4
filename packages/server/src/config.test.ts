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
      flowBodyLimitBytes: 50 * 1024 * 1024,
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
      WEFT_ADMIN_NAME: 'Ops Team',
      WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1:11434, Ollama.internal,[::1]:8080',
      WEFT_TRUST_PROXY: '2',
      WEFT_GITHUB_STARS: 'false',
      WEFT_SANDBOX_THREADS: '4',
      WEFT_SANDBOX_QUEUE: '10',
      WEFT_FLOW_BODY_LIMIT_MB: '80',
      NODE_ENV: 'production',
    })
    expect(config).toMatchObject({
      port: 8080,
      home: '/data',
      databaseUrl: 'postgres://u@db/weft',
      platform: 'cloud',
      admin: { email: 'a@b.io', password: 'long-password', name: 'Ops Team' },
      smtp: { host: 'mail', port: 2525, secure: false },
      publicUrl: 'https://weft.example.com',
      runTimeoutMs: 60_000,
      allowedPrivateHosts: ['127.0.0.1:11434', 'ollama.internal', '[::1]:8080'],
      trustProxy: 2,
      githubStars: false,
      sandbox: { threads: 4, queue: 10 },
      flowBodyLimitBytes: 80 * 1024 * 1024,
      production: true,
    })
  })

  it('trusts no proxy, allows no private host and asks GitHub by default', () => {
    expect(loadConfig({})).toMatchObject({
      trustProxy: false,
      allowedPrivateHosts: [],
      githubStars: true,
      production: false,
    })
  })

  it('reads WEFT_TRUST_PROXY as true, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ WEFT_TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ WEFT_TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual(['10.0.0.1', '10.0.1.0/24'])
  })

  it('puts the tables in the PostgreSQL schema WEFT_DATABASE_SCHEMA names, else the default one', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/weft' }).databaseSchema).toBeUndefined()
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db/weft', WEFT_DATABASE_SCHEMA: 'weft_team_2' })
    expect(config.databaseSchema).toBe('weft_team_2')
  })

  it('names the admin "Admin" when WEFT_ADMIN_NAME is not set', () => {
    const config = loadConfig({ WEFT_ADMIN_EMAIL: 'a@b.io', WEFT_ADMIN_PASSWORD: 'long-password' })
    expect(config.admin?.name).toBe('Admin')
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
    [{ WEFT_ADMIN_NAME: 'Ops' }, 'WEFT_ADMIN_NAME'],
    [{ WEFT_ALLOWED_PRIVATE_HOSTS: 'http://127.0.0.1' }, 'WEFT_ALLOWED_PRIVATE_HOSTS'],
    [{ WEFT_TRUST_PROXY: 'yes please' }, 'WEFT_TRUST_PROXY'],
    [{ WEFT_GITHUB_STARS: 'no' }, 'WEFT_GITHUB_STARS'],
    [{ WEFT_SANDBOX_THREADS: '0' }, 'WEFT_SANDBOX_THREADS'],
    [{ WEFT_FLOW_BODY_LIMIT_MB: 'lots' }, 'WEFT_FLOW_BODY_LIMIT_MB: must be a whole number of megabytes'],
    [{ WEFT_FLOW_BODY_LIMIT_MB: '2' }, 'WEFT_FLOW_BODY_LIMIT_MB: must be at least 5'],
    [{ WEFT_FLOW_BODY_LIMIT_MB: '5000' }, 'WEFT_FLOW_BODY_LIMIT_MB: must be at most 1024'],
    [{ DATABASE_URL: 'postgres://u@db/weft', WEFT_DATABASE_SCHEMA: 'Weft-1' }, 'WEFT_DATABASE_SCHEMA: must be'],
    [{ WEFT_DATABASE_SCHEMA: 'weft' }, 'WEFT_DATABASE_SCHEMA goes with DATABASE_URL'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(name)
  })

  it('treats any unknown PLATFORM_TYPE as open source', () => {
    expect(loadConfig({ PLATFORM_TYPE: 'premium' }).platform).toBe('open source')
  })
})
