import type { InjectOptions } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ACCESS_COOKIE } from '../auth/cookies.js'
import { testDialects } from '../test/dialects.js'
import { API, createStore, multipartFile } from '../test/document-stores.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { ADMIN, browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { CROSS_SITE_REFUSED } from './cross-site-requests.js'

const OWN = 'https://weft.example.com'
const EVIL = 'https://evil.example'

describe.each(testDialects())('changes from other sites on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { WEFT_PUBLIC_URL: OWN } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  /** A request the signed-in admin's browser sends, as a page of `origin` makes it. */
  const fromPage = (options: InjectOptions, headers: Record<string, string>) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...headers }, cookies: Object.fromEntries(admin.jar) })
  const storedFiles = async () => (await t.db.selectFrom('document_store_files').select('id').execute()).length
  const isSignedIn = async () => (await admin.get('/api/v1/user')).status === 200

  async function uploadForm(storeId: string): Promise<InjectOptions> {
    const { body, contentType } = await multipartFile('planted.txt', 'Planted by another site', 'text/plain')
    return { method: 'POST', url: `${API}/files/${storeId}`, payload: body, headers: { 'content-type': contentType } }
  }
  const logout: InjectOptions = { method: 'POST', url: '/api/v1/account/logout' }

  it('refuses a multipart and a body-less POST with the session cookie from another site, changing nothing', async () => {
    const store = await createStore(admin)
    const upload = await uploadForm(store.id)
    const foreign: Record<string, string>[] = [{ origin: EVIL }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }]
    for (const headers of foreign) {
      const refused = await fromPage(upload, headers)
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403)
      expect(refused.json().message).toBe(CROSS_SITE_REFUSED)
      const loggedOut = await fromPage(logout, headers)
      expect(loggedOut.statusCode).toBe(403)
      expect(loggedOut.json().message).toBe(CROSS_SITE_REFUSED)
    }
    // A sibling on the same site is another origin: its pages may not change things either.
    const sibling = await fromPage(upload, { origin: 'https://blog.weft.example.com', 'sec-fetch-site': 'same-site' })
    expect(sibling.statusCode).toBe(403)
    expect(await storedFiles()).toBe(0)
    expect(await isSignedIn()).toBe(true)
  })

  it('accepts them from the app’s own pages: the public URL, the host asked, or a same-origin fetch', async () => {
    const store = await createStore(admin)
    const upload = await uploadForm(store.id)
    expect((await fromPage(upload, { origin: OWN, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201)
    expect((await fromPage(upload, { origin: 'http://localhost:80', host: 'localhost:80' })).statusCode).toBe(201)
    // A proxy that rewrites Host: the browser still says the request is its page's own.
    expect(
      (await fromPage(upload, { origin: 'https://other-name.example', 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(201)
    // The user typed or bookmarked it, or a client that is no browser: no Origin at all.
    expect((await fromPage(upload, { 'sec-fetch-site': 'none' })).statusCode).toBe(201)
    expect((await fromPage(upload, {})).statusCode).toBe(201)
    expect(await storedFiles()).toBe(5)
    expect((await fromPage(logout, { origin: OWN })).statusCode).toBe(200)
  })

  it('keeps Bearer callers and the public flow routes working from other sites', async () => {
    const login = await browser(t.app).post('/api/v1/auth/login', ADMIN)
    const bearer = {
      authorization: `Bearer ${login.body.token as string}`,
      origin: EVIL,
      'sec-fetch-site': 'cross-site',
    }
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chatflows',
      headers: bearer,
      payload: { name: 'By script', type: 'CHATFLOW', flowData: await templateFlowData('Simple LLM Chain') },
    })
    expect(created.statusCode).toBe(201)

    const key = (await admin.post('/api/v1/apikey', { keyName: 'Shop' })).body as { id: string; apiKey: string }
    const flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'), { apikeyid: key.id })
    const question = { question: 'Hello' }
    const byKey = await t.app.inject({
      method: 'POST',
      url: `/api/v1/prediction/${flow.id}`,
      headers: { authorization: `Bearer ${key.apiKey}`, origin: EVIL, 'sec-fetch-site': 'cross-site' },
      payload: question,
    })
    expect(byKey.statusCode).toBe(200)

    const chatbotConfig = JSON.stringify({ leads: { status: true, email: true } })
    const open = await createFlow(admin, await templateFlowData('Simple LLM Chain'), { isPublic: true, chatbotConfig })
    // The widget on a shop's page, in a browser that is also signed in to Weft.
    const widget = { origin: 'https://shop.example', 'sec-fetch-site': 'cross-site' }
    const asked = await fromPage({ method: 'POST', url: `/api/v1/prediction/${open.id}`, payload: question }, widget)
    expect(asked.statusCode).toBe(200)
    const lead = { chatflowid: open.id, chatId: asked.json().chatId, email: 'grace@example.com' }
    expect((await fromPage({ method: 'POST', url: '/api/v1/leads', payload: lead }, widget)).statusCode).toBe(200)
    const rating = {
      chatflowid: open.id,
      chatId: lead.chatId,
      messageId: asked.json().chatMessageId,
      rating: 'THUMBS_UP',
    }
    expect((await fromPage({ method: 'POST', url: '/api/v1/feedback', payload: rating }, widget)).statusCode).toBe(200)
    expect(ACCESS_COOKIE in Object.fromEntries(admin.jar)).toBe(true)
  })

  it('never lets a page of another site run a private flow as the signed-in member', async () => {
    const flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'))
    const ask: InjectOptions = { method: 'POST', url: `/api/v1/prediction/${flow.id}`, payload: { question: 'Hi' } }
    const messages = async () => (await t.db.selectFrom('chat_messages').select('id').execute()).length
    const foreign: Record<string, string>[] = [
      { origin: 'https://blog.weft.example.com', 'sec-fetch-site': 'same-site' },
      { origin: EVIL },
      { 'sec-fetch-site': 'cross-site' },
    ]
    for (const headers of foreign) {
      const refused = await fromPage(ask, headers)
      expect(refused.statusCode, JSON.stringify(headers)).toBe(401)
    }
    expect(await messages()).toBe(0)
    // The same member from Weft's own pages runs it.
    expect((await fromPage(ask, { origin: OWN, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200)
    expect(await messages()).toBe(2)
  })
})
