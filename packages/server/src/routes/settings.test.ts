import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PUBLIC_ROUTES } from '../auth/public-routes.js'
import { testDialects } from '../test/dialects.js'
import { browser, startTestApp, type TestApp } from '../test/harness.js'

const rootVersion = (
  JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version

describe.each(testDialects())('public facts and closed doors on $name', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
  })
  afterEach(() => t.close())

  it('answers settings, version and ping without a session', async () => {
    const b = browser(t.app)
    expect((await b.get('/api/v1/settings')).body).toEqual({ PLATFORM_TYPE: 'enterprise', FLOW_BODY_LIMIT_MB: 50 })
    expect((await b.get('/api/v1/version')).body).toEqual({ version: rootVersion })
    expect((await b.get('/api/v1/ping')).body).toBe('pong')
  })

  it('refuses every non-public API route without a session', async () => {
    const routes: { method: string; url: string }[] = []
    for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /(\/api\/v1\/\S*) \(([A-Z, ]+)\)/.exec(line.replace(/^[\s│├└─]+/, ''))
      if (!match) continue
      for (const method of match[2]!.split(', ').filter((m) => m !== 'HEAD')) routes.push({ method, url: match[1]! })
    }
    const guarded = routes.filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.url}`))
    expect(guarded.length).toBeGreaterThan(3)
    for (const route of guarded) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, 'x'),
        payload: route.method === 'GET' ? undefined : {},
      })
      expect({ route, status: res.statusCode, message: res.json().message }).toEqual({
        route,
        status: 401,
        message: 'Invalid or Missing token',
      })
    }
  })

  it('matches API paths exactly: other letter cases are not found, never let through', async () => {
    const b = browser(t.app)
    for (const url of ['/API/V1/user', '/Api/v1/user', '/api/V1/settings', '/api/v1/User']) {
      const res = await b.get(url)
      expect(res.status).toBe(404)
      expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' })
    }
  })
})

describe.each(testDialects())('API description on $name', (dialect) => {
  it('serves an OpenAPI document of the routes, with their validated fields', async () => {
    const t = await startTestApp({ dialect })
    try {
      const res = await browser(t.app).get('/api/v1/openapi.json')
      expect(res.status).toBe(200)
      expect(res.body.openapi).toMatch(/^3\./)
      const login = res.body.paths['/api/v1/auth/login'].post
      expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual([
        'email',
        'password',
      ])
      expect((await browser(t.app).get('/api-docs/')).status).toBe(200)
    } finally {
      await t.close()
    }
  })
})
