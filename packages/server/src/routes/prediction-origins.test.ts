import type { Flow } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// A chatbot's allowed origins and its rate limit, as a browser on another site and an API client
// meet them: every way in to the flow (JSON, stream, the widget's config calls), and every caller.

const QUESTION = { question: 'What is Weft?' }
const REFUSED = 'This site is not allowed to use this chatflow'

describe.each(testDialects())('allowed origins and rate limit on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let flow: Flow
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { WEFT_PUBLIC_URL: 'https://weft.example' } })
    admin = await setUpAdmin(t.app)
    flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'), { isPublic: true })
  })
  afterEach(() => t.close())

  const configure = async (settings: Record<string, unknown>) => {
    const res = await admin.put(`/api/v1/chatflows/${flow.id}`, settings)
    if (res.status !== 200) throw new Error(`Saving failed: ${JSON.stringify(res.body)}`)
  }
  const allowOrigins = (allowedOrigins: string[]) => configure({ chatbotConfig: JSON.stringify({ allowedOrigins }) })
  const predict = (body: Record<string, unknown> = QUESTION, headers: Record<string, string> = {}, id = flow.id) =>
    t.app.inject({ method: 'POST', url: `/api/v1/prediction/${id}`, payload: body, headers })
  const storedCount = async () => ((await admin.get(`/api/v1/chatmessage/${flow.id}`)).body as unknown[]).length

  it('refuses a browser on a site the flow does not list, streaming or not, and stores nothing', async () => {
    await allowOrigins(['https://shop.example', 'https://blog.example'])
    for (const body of [QUESTION, { ...QUESTION, streaming: true }]) {
      const refused = await predict(body, { origin: 'https://elsewhere.example' })
      expect(refused.statusCode).toBe(403)
      expect(refused.headers['content-type']).toContain('application/json')
      expect(refused.json().message).toBe(REFUSED)
    }
    expect(await storedCount()).toBe(0)
    for (const path of ['public-chatbotConfig', 'chatflows-streaming']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/${path}/${flow.id}`,
        headers: { origin: 'https://elsewhere.example' },
      })
      expect(res.statusCode).toBe(403)
    }
  })

  it('lets in every listed site, however the owner wrote it, and the server’s own pages', async () => {
    await allowOrigins(['HTTPS://Shop.Example/', 'http://localhost:8080'])
    for (const origin of ['https://shop.example', 'http://localhost:8080', 'https://weft.example']) {
      const res = await predict(QUESTION, { origin })
      expect(res.statusCode, origin).toBe(200)
      expect(res.headers['access-control-allow-origin']).toBe(origin)
    }
    // A server calling with its key sends no Origin: the list is about browsers.
    expect((await predict()).statusCode).toBe(200)
    // Only the exact origin: another port or scheme of a listed host is another site.
    for (const origin of ['https://shop.example:8443', 'http://shop.example', 'null'])
      expect((await predict(QUESTION, { origin })).statusCode, origin).toBe(403)
  })

  it('refuses an unlisted site even with the flow’s API key', async () => {
    const key = (await admin.post('/api/v1/apikey', { keyName: 'Shop' })).body as { id: string; apiKey: string }
    await configure({
      isPublic: false,
      apikeyid: key.id,
      chatbotConfig: JSON.stringify({ allowedOrigins: ['https://shop.example'] }),
    })
    const bearer = { authorization: `Bearer ${key.apiKey}` }
    expect((await predict(QUESTION, { ...bearer, origin: 'https://elsewhere.example' })).statusCode).toBe(403)
    expect((await predict(QUESTION, { ...bearer, origin: 'https://shop.example' })).statusCode).toBe(200)
  })

  it('lets any site in while the list is empty', async () => {
    await allowOrigins([])
    expect((await predict(QUESTION, { origin: 'https://anywhere.example' })).statusCode).toBe(200)
  })

  it('answers 429 with the owner’s message once the limit is reached, streaming too, readable by the widget', async () => {
    const apiConfig = JSON.stringify({
      rateLimit: { status: true, limitMax: 2, limitDuration: 3600, limitMsg: 'The shop bot needs a breather.' },
    })
    await configure({ apiConfig, chatbotConfig: JSON.stringify({ allowedOrigins: ['https://shop.example'] }) })
    const shop = { origin: 'https://shop.example' }
    expect((await predict(QUESTION, shop)).statusCode).toBe(200)
    expect((await predict(QUESTION, shop)).statusCode).toBe(200)
    for (const body of [QUESTION, { ...QUESTION, streaming: true }]) {
      const refused = await predict(body, shop)
      expect(refused.statusCode).toBe(429)
      expect(refused.json()).toMatchObject({ statusCode: 429, message: 'The shop bot needs a breather.' })
      // The widget on the shop's site can read why it was refused.
      expect(refused.headers['access-control-allow-origin']).toBe('https://shop.example')
    }
    expect(await storedCount()).toBe(4)

    // The limit is the flow's own: another flow's callers are counted apart.
    const other = await createFlow(admin, flow.flowData, { isPublic: true, apiConfig })
    expect((await predict(QUESTION, shop, other.id)).statusCode).toBe(200)
  })

  it('counts the flow’s API-key callers and members under the same limit', async () => {
    const key = (await admin.post('/api/v1/apikey', { keyName: 'Shop' })).body as { id: string; apiKey: string }
    const apiConfig = JSON.stringify({
      rateLimit: { status: true, limitMax: 1, limitDuration: 3600, limitMsg: 'Wait.' },
    })
    await configure({ isPublic: false, apikeyid: key.id, apiConfig })
    const bearer = { authorization: `Bearer ${key.apiKey}` }
    expect((await predict(QUESTION, bearer)).statusCode).toBe(200)
    const refused = await predict(QUESTION, bearer)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe('Wait.')
    expect((await admin.post(`/api/v1/prediction/${flow.id}`, QUESTION)).status).toBe(429)
    // The canvas chat of the flow's own members is not limited.
    expect((await admin.post(`/api/v1/internal-prediction/${flow.id}`, QUESTION)).status).toBe(200)
  })

  it('does not count calls it refused for their origin', async () => {
    const apiConfig = JSON.stringify({
      rateLimit: { status: true, limitMax: 1, limitDuration: 3600, limitMsg: 'Wait.' },
    })
    await configure({ apiConfig, chatbotConfig: JSON.stringify({ allowedOrigins: ['https://shop.example'] }) })
    for (let i = 0; i < 3; i++)
      expect((await predict(QUESTION, { origin: 'https://elsewhere.example' })).statusCode).toBe(403)
    expect((await predict(QUESTION, { origin: 'https://shop.example' })).statusCode).toBe(200)
  })
})
