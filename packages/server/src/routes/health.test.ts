import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { loadConfig } from '../config.js'
import { openDatabase } from '../db/connect.js'
import { testDialects, type TestDialect } from '../test/dialects.js'
import { browser, startTestApp, type TestApp } from '../test/harness.js'
import { parseSamples, sampleValue } from '../test/prometheus.js'
import { hasBearerToken, readiness, readinessChecks } from './health.js'

const METRICS_TOKEN = 'metrics-token-0123456789'
const silentLog = { warn: () => {} } as never

describe.each(testDialects())('health, readiness and metrics on $name', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await startTestApp({ dialect })
  })
  afterEach(() => t.close())

  it('answers /health without a session: alive, with its uptime', async () => {
    const res = await browser(t.app).get('/api/v1/health')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 'ok', uptime: expect.any(Number) })
  })

  it('answers /ready 200 once the database answers and every migration is applied', async () => {
    const res = await browser(t.app).get('/api/v1/ready')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } })
  })

  it('answers /ready 503 naming a migration that has not been applied', async () => {
    await sql`delete from kysely_migration where name = ${'2026-12-02-0021-sso-configs'}`.execute(t.db)
    const res = await browser(t.app).get('/api/v1/ready')
    expect(res.status).toBe(503)
    expect(res.body.status).toBe('unavailable')
    expect(res.body.checks.database).toBe('ok')
    expect(res.body.message).toBe('Not ready: migrations 1 pending (2026-12-02-0021-sso-configs)')
  })

  it('keeps /ping as it was', async () => {
    const res = await browser(t.app).get('/api/v1/ping')
    expect([res.status, res.body]).toEqual([200, 'pong'])
  })

  it('serves Prometheus metrics without a token by default: process metrics and requests by route pattern', async () => {
    const b = browser(t.app)
    await b.get('/api/v1/health')
    await b.get('/api/v1/chatflows/4f0c1f7e-0000-4000-8000-000000000001')
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/metrics' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    const text = res.body
    expect(sampleValue(text, 'weft_process_resident_memory_bytes')).toBeGreaterThan(0)
    expect(
      sampleValue(text, 'weft_http_requests_total', { method: 'GET', route: '/api/v1/health', status: '200' }),
    ).toBe(1)
    // The id is never a label: the route's pattern is.
    expect(sampleValue(text, 'weft_http_requests_total', { route: '/api/v1/chatflows/:id', status: '401' })).toBe(1)
    expect(text).not.toContain('4f0c1f7e')
    expect(
      sampleValue(text, 'weft_http_request_duration_seconds_count', { route: '/api/v1/health', method: 'GET' }),
    ).toBe(1)
  })

  it('keeps the metrics of each app apart', async () => {
    const other = await startTestApp({ dialect })
    try {
      await browser(other.app).get('/api/v1/health')
      await browser(other.app).get('/api/v1/health')
      await browser(t.app).get('/api/v1/health')
      const mine = (await t.app.inject({ method: 'GET', url: '/api/v1/metrics' })).body
      const theirs = (await other.app.inject({ method: 'GET', url: '/api/v1/metrics' })).body
      expect(sampleValue(mine, 'weft_http_requests_total', { route: '/api/v1/health' })).toBe(1)
      expect(sampleValue(theirs, 'weft_http_requests_total', { route: '/api/v1/health' })).toBe(2)
    } finally {
      await other.close()
    }
  })
})

describe.each(testDialects())('metrics behind WEFT_METRICS_TOKEN on $name', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { WEFT_METRICS_TOKEN: METRICS_TOKEN } })
  })
  afterEach(() => t.close())

  const metrics = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/metrics', headers: authorization ? { authorization } : {} })

  it('answers 401 without the token or with another one, and the metrics with it', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${METRICS_TOKEN}`, METRICS_TOKEN]) {
      const res = await metrics(authorization)
      expect(res.statusCode).toBe(401)
      expect(res.headers['www-authenticate']).toContain('Bearer')
      expect(res.json().message).toContain('WEFT_METRICS_TOKEN')
      expect(res.body).not.toContain(METRICS_TOKEN)
    }
    const res = await metrics(`Bearer ${METRICS_TOKEN}`)
    expect(res.statusCode).toBe(200)
    expect(parseSamples(res.body).length).toBeGreaterThan(10)
  })

  it('leaves /health and /ready open', async () => {
    expect((await browser(t.app).get('/api/v1/health')).status).toBe(200)
    expect((await browser(t.app).get('/api/v1/ready')).status).toBe(200)
  })
})

describe.each(testDialects())('readiness of an unreachable database on $name', (dialect: TestDialect) => {
  it('names the database, without its address', async () => {
    let db: Kysely<never>
    if (dialect.url) {
      // A PostgreSQL server that is not there: nothing listens on this port (one of the test's).
      const url = 'postgres://weft:db-password@127.0.0.1:4139/weft'
      db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }) })
    } else {
      // SQLite is a file that cannot be away: its connection closed stands in for it.
      const home = (await import('node:fs')).mkdtempSync(`${(await import('node:os')).tmpdir()}/weft-ready-`)
      db = (await openDatabase({ home })).db as never
      await db.destroy()
    }
    try {
      const report = await readiness(readinessChecks({ db: db as never, log: silentLog }))
      expect(report.status).toBe('unavailable')
      expect(report.checks.database).toBe('unreachable')
      expect(report.message).toMatch(/^Not ready: database unreachable/)
      expect(JSON.stringify(report)).not.toMatch(/127\.0\.0\.1|4139|db-password/)
    } finally {
      if (dialect.url) await db.destroy()
    }
  })
})

describe('readiness checks', () => {
  it('answers a check that hangs as failed after 3 s, and a queue check can be added beside the others', async () => {
    const report = await readiness([
      { name: 'database', check: async () => {} },
      { name: 'redis', check: () => new Promise<void>(() => {}) },
    ])
    expect(report).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', redis: 'no answer within 3 s' },
      message: 'Not ready: redis no answer within 3 s',
    })
  }, 10_000)

  it('compares the bearer token exactly', () => {
    expect(hasBearerToken(`Bearer ${METRICS_TOKEN}`, METRICS_TOKEN)).toBe(true)
    expect(hasBearerToken(`bearer   ${METRICS_TOKEN}`, METRICS_TOKEN)).toBe(true)
    expect(hasBearerToken(`Bearer ${METRICS_TOKEN}x`, METRICS_TOKEN)).toBe(false)
    expect(hasBearerToken(`Bearer ${METRICS_TOKEN.slice(0, -1)}`, METRICS_TOKEN)).toBe(false)
    expect(hasBearerToken(undefined, METRICS_TOKEN)).toBe(false)
  })
})

describe('the operations settings', () => {
  it('refuses a metrics token shorter than 16 characters and a negative grace period, naming them', () => {
    expect(() => loadConfig({ WEFT_METRICS_TOKEN: 'short' })).toThrow(
      /WEFT_METRICS_TOKEN: must be at least 16 characters/,
    )
    expect(() => loadConfig({ WEFT_SHUTDOWN_GRACE_MS: '-1' })).toThrow(/WEFT_SHUTDOWN_GRACE_MS: must be 0 or more/)
    expect(() => loadConfig({ WEFT_SHUTDOWN_GRACE_MS: 'soon' })).toThrow(
      /WEFT_SHUTDOWN_GRACE_MS: must be a whole number/,
    )
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, shutdownGraceMs: 10_000 })
    expect(loadConfig({ WEFT_METRICS_TOKEN: METRICS_TOKEN, WEFT_SHUTDOWN_GRACE_MS: '2500' })).toMatchObject({
      metricsToken: METRICS_TOKEN,
      shutdownGraceMs: 2500,
    })
  })
})
