import { createHash } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { writeWebRoot } from '../test/web-root.js'
import { BOOT_SCRIPT_HASH } from './security-headers.js'

/** The CSP's directives by name, e.g. `{ 'script-src': ["'self'"] }`. */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  )
}

describe.each(testDialects())('security headers on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let webRoot: string
  const start = async (env: Record<string, string> = {}) => {
    t = await startTestApp({ dialect, webRoot, env })
    admin = await setUpAdmin(t.app)
  }
  beforeEach(() => {
    webRoot = writeWebRoot()
  })
  afterEach(async () => {
    await t.close()
    rmSync(webRoot, { recursive: true, force: true })
  })

  it('puts a strict policy on the app, the API and the files', async () => {
    await start()
    for (const url of ['/', '/chatflows', '/api/v1/ping', '/assets/index-abc123.js']) {
      const res = await t.app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      const csp = directives(res.headers['content-security-policy'])
      expect(csp['script-src'], url).toEqual(["'self'", BOOT_SCRIPT_HASH])
      expect(csp['connect-src'], url).toEqual(["'self'"])
      expect(csp['font-src'], url).toEqual(["'self'"])
      expect(csp['object-src'], url).toEqual(["'none'"])
      expect(csp['frame-ancestors'], url).toEqual(["'self'"])
      expect(csp['upgrade-insecure-requests'], url).toBeUndefined()
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN')
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin')
      expect(res.headers['strict-transport-security'], url).toBeUndefined()
    }
  })

  it('sends other sites no path or query of the account links’ pages, so their tokens stay here', async () => {
    await start()
    for (const url of ['/reset-password?token=live-1', '/register?token=live-2', '/verify?token=live-3']) {
      const res = await t.app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toContain('text/html')
      // Cross-origin requests carry the origin alone (none from https to http); the page's own POSTs keep their Origin.
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
    }
  })

  it('lets other sites load the chat widget', async () => {
    await start()
    const res = await t.app.inject({ url: '/embed.js', headers: { origin: 'https://shop.example' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(res.headers['access-control-allow-origin']).toBe('*')
  })

  it('lets a flow’s allowed sites, and only them, frame its chatbot page', async () => {
    await start()
    const flowData = await templateFlowData('Simple LLM Chain')
    const listed = await createFlow(admin, flowData)
    await admin.put(`/api/v1/chatflows/${listed.id}`, {
      isPublic: true,
      chatbotConfig: JSON.stringify({ allowedOrigins: ['https://shop.example'] }),
    })
    const open = await createFlow(admin, flowData)
    await admin.put(`/api/v1/chatflows/${open.id}`, { isPublic: true })
    const closed = await createFlow(admin, flowData)

    const page = async (id: string) => {
      const res = await t.app.inject({ url: `/chatbot/${id}` })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('<div id="root">')
      return {
        ancestors: directives(res.headers['content-security-policy'])['frame-ancestors'],
        xfo: res.headers['x-frame-options'],
      }
    }
    expect(await page(listed.id)).toEqual({ ancestors: ["'self'", 'https://shop.example'], xfo: undefined })
    expect(await page(open.id)).toEqual({ ancestors: ['*'], xfo: undefined })
    expect(await page(closed.id)).toEqual({ ancestors: ["'self'"], xfo: 'SAMEORIGIN' })
    expect(await page('no-such-flow')).toEqual({ ancestors: ["'self'"], xfo: 'SAMEORIGIN' })
    // The rest of the page keeps the app's policy.
    expect(
      directives((await t.app.inject({ url: `/chatbot/${listed.id}` })).headers['content-security-policy'])[
        'script-src'
      ],
    ).toEqual(["'self'", BOOT_SCRIPT_HASH])
  })

  it('asks for HTTPS only on requests that came over it, through a trusted proxy', async () => {
    await start({ WEFT_TRUST_PROXY: 'true' })
    const overTls = await t.app.inject({ url: '/api/v1/ping', headers: { 'x-forwarded-proto': 'https' } })
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000')
    expect(
      (await t.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } })).headers[
        'strict-transport-security'
      ],
    ).toBe('max-age=31536000')
    expect((await t.app.inject({ url: '/api/v1/ping' })).headers['strict-transport-security']).toBeUndefined()
  })

  it('ignores a forwarded protocol from a proxy it does not trust', async () => {
    await start()
    const res = await t.app.inject({ url: '/api/v1/ping', headers: { 'x-forwarded-proto': 'https' } })
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })
})

describe('the boot script of the app', () => {
  it('is the one inline script the policy allows, by its hash', () => {
    const html = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8')
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!)
    expect(inline).toHaveLength(1)
    const hash = createHash('sha256').update(inline[0]!).digest('base64')
    expect(BOOT_SCRIPT_HASH).toBe(`'sha256-${hash}'`)
  })
})
