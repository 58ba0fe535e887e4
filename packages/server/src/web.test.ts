import { rmSync } from 'node:fs'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDialects, type TestDialect } from './test/dialects.js'
import { startTestApp, type TestApp } from './test/harness.js'
import { APP_JS, INDEX_HTML, writeWebRoot } from './test/web-root.js'

describe.each(testDialects())('serving the web app on $name', (dialect: TestDialect) => {
  let t: TestApp
  let webRoot: string
  beforeAll(async () => {
    webRoot = writeWebRoot()
    t = await startTestApp({ dialect, webRoot })
  })
  afterAll(async () => {
    await t.close()
    rmSync(webRoot, { recursive: true, force: true })
  })

  const get = (url: string, encoding?: string) =>
    t.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} })

  it('sends the pre-compressed copy of a file the browser can read, and the plain one otherwise', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS)

    const gzip = await get('/assets/index-abc123.js', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP_JS)

    const plain = await get('/assets/index-abc123.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(APP_JS)

    const page = await get('/chatflows', 'br')
    expect(page.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX_HTML)
  })

  it('keeps hashed files a year, checks the page every time, and the widget soon', async () => {
    expect((await get('/assets/index-abc123.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    )
    expect((await get('/assets/index-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await get('/', 'br')).headers['cache-control']).toBe('no-cache')
    expect((await get('/canvas/123')).headers['cache-control']).toBe('no-cache')
    expect((await get('/embed.js', 'br')).headers['cache-control']).toBe('public, max-age=300')
  })

  it('compresses large API answers and leaves small ones alone', async () => {
    const large = await get('/api/v1/openapi.json', 'br')
    expect(large.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toHaveProperty('openapi')
    expect((await get('/api/v1/openapi.json', 'gzip')).headers['content-encoding']).toBe('gzip')
    expect((await get('/api/v1/openapi.json')).headers['content-encoding']).toBeUndefined()
    const small = await get('/api/v1/ping', 'br')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.body).toBe('pong')
  })

  it('answers an unknown API path with JSON, never the app', async () => {
    const res = await get('/api/v1/nothing-here', 'br')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ statusCode: 404 })
  })
})
