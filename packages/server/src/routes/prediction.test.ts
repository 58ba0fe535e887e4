import { PUBLIC_FLOW_RATE_LIMIT, type Flow } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KEY_NOT_BOUND, PRIVATE_WITHOUT_KEY } from '../services/flow-access.service.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { createRole, signInMember } from '../test/workspace-members.js'

const QUESTION = { question: 'What is Weft?' }

const LIMIT_TWO = JSON.stringify({ rateLimit: { status: true, limitMax: 2, limitDuration: 60 } })

/** A prediction that says it was forwarded for `client`; the socket is the test's own, 127.0.0.1. */
const forwardedBy = (t: TestApp, id: string, client: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/prediction/${id}`,
    payload: QUESTION,
    headers: { 'x-forwarded-for': client },
  })

describe.each(testDialects())('prediction access and limits on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let anonymous: Browser
  let flow: Flow
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
    anonymous = browser(t.app)
    flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'))
  })
  afterEach(async () => {
    await t.close()
    vi.useRealTimers()
  })

  const predict = (
    b: Browser,
    body: Record<string, unknown> = QUESTION,
    headers?: Record<string, string>,
    id = flow.id,
  ) => b.post(`/api/v1/prediction/${id}`, body, headers)
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
  const createKey = async (keyName: string) =>
    (await admin.post('/api/v1/apikey', { keyName })).body as { id: string; apiKey: string }

  it('answers JSON with the ids a client needs, and stores the exchange by where it came from', async () => {
    const internal = await admin.post(`/api/v1/internal-prediction/${flow.id}`, QUESTION)
    expect(internal.status).toBe(200)
    expect(internal.body).toMatchObject({ question: 'What is Weft?', sessionId: internal.body.chatId })
    expect(internal.body.text).toContain('built-in responder')
    expect(internal.body.chatMessageId).toMatch(/^[0-9a-f-]{36}$/)

    const external = await predict(admin, { ...QUESTION, chatId: 'chat-1' })
    expect(external.status).toBe(200)
    expect(external.body).toMatchObject({ chatId: 'chat-1', sessionId: 'chat-1' })

    const messages = (await admin.get(`/api/v1/chatmessage/${flow.id}`)).body
    expect(messages.map((m: { chatType: string; role: string }) => [m.chatType, m.role])).toEqual([
      ['INTERNAL', 'userMessage'],
      ['INTERNAL', 'apiMessage'],
      ['EXTERNAL', 'userMessage'],
      ['EXTERNAL', 'apiMessage'],
    ])
  })

  it('refuses anonymous callers of a flow that has no key and is not public', async () => {
    const res = await predict(anonymous)
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: PRIVATE_WITHOUT_KEY })
    expect((await predict(anonymous, QUESTION, bearer('wft_not-a-key'))).body.message).toBe('Unauthorized Access')
    expect((await predict(anonymous, QUESTION, {}, '00000000-0000-0000-0000-000000000000')).status).toBe(404)
    expect((await admin.get(`/api/v1/chatmessage/${flow.id}`)).body).toEqual([])
  })

  it('lets in the bearer of the bound API key only, until the key is deleted', async () => {
    const bound = await createKey('Bound')
    const other = await createKey('Other')
    expect((await predict(anonymous, QUESTION, bearer(bound.apiKey))).status).toBe(401)

    const update = await admin.put(`/api/v1/chatflows/${flow.id}`, { apikeyid: bound.id })
    expect(update.body.apikeyid).toBe(bound.id)
    const ok = await predict(anonymous, QUESTION, bearer(bound.apiKey))
    expect(ok.status).toBe(200)
    expect(ok.body.text).toContain('built-in responder')
    expect((await predict(anonymous, QUESTION, bearer(other.apiKey))).body.message).toBe(KEY_NOT_BOUND)
    expect((await predict(anonymous)).status).toBe(401)

    expect((await admin.delete(`/api/v1/apikey/${bound.id}`)).status).toBe(200)
    expect((await admin.get(`/api/v1/chatflows/${flow.id}`)).body.apikeyid).toBeNull()
    expect((await predict(anonymous, QUESTION, bearer(bound.apiKey))).status).toBe(401)
  })

  it('lets anyone call a public flow', async () => {
    await admin.put(`/api/v1/chatflows/${flow.id}`, { isPublic: true })
    const res = await predict(anonymous)
    expect(res.status).toBe(200)
    expect(res.body.text).toContain('built-in responder')
  })

  it('lets members in by the permission of the flow’s type', async () => {
    const agentsOnly = await signInMember(t, admin, await createRole(t, admin, ['agentflows:view']))
    expect((await predict(agentsOnly)).status).toBe(401)
    expect((await agentsOnly.post(`/api/v1/internal-prediction/${flow.id}`, QUESTION)).status).toBe(403)
    const viewer = await signInMember(t, admin, await createRole(t, admin, ['chatflows:view']))
    expect((await predict(viewer)).status).toBe(200)
    expect((await viewer.post(`/api/v1/internal-prediction/${flow.id}`, QUESTION)).status).toBe(200)
  })

  it('refuses a request without a question, naming the field', async () => {
    const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: '  ' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('body.question: is required')
    const badTurn = await predict(admin, { ...QUESTION, history: [{ role: 'system', content: 'x' }] })
    expect(badTurn.status).toBe(400)
    expect(badTurn.body.message).toContain('body.history.0.role')
    // flowise-sdk's { message, type } is a turn too; one with neither content nor message is named.
    const noText = await predict(admin, { ...QUESTION, history: [{ type: 'userMessage' }] })
    expect(noText.status).toBe(400)
    expect(noText.body.message).toBe('body.history.0.content: is required (or message, as flowise-sdk sends it)')
  })

  it('limits calls per flow as its API config says', async () => {
    const apiConfig = JSON.stringify({
      rateLimit: { status: true, limitMax: 2, limitDuration: 60, limitMsg: 'Slow down, please' },
    })
    await admin.put(`/api/v1/chatflows/${flow.id}`, { isPublic: true, apiConfig })
    const unlimited = await createFlow(admin, flow.flowData, { isPublic: true })
    expect((await predict(anonymous)).status).toBe(200)
    expect((await predict(anonymous)).status).toBe(200)
    const refused = await predict(anonymous)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe('Slow down, please')
    for (let i = 0; i < 3; i++) expect((await predict(anonymous, QUESTION, {}, unlimited.id)).status).toBe(200)
  })

  it('limits a public flow without a rule to the default per client, which the owner can raise but not switch off', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }) // one window for the whole test, however slow the machine
    await admin.put(`/api/v1/chatflows/${flow.id}`, { isPublic: true })
    const from = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/prediction/${flow.id}`, payload: QUESTION, remoteAddress })
    for (let i = 0; i < PUBLIC_FLOW_RATE_LIMIT.limitMax; i++) expect((await from('192.0.2.1')).statusCode).toBe(200)
    const refused = await from('192.0.2.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe('Too many requests, please try again later.')
    expect((await from('192.0.2.2')).statusCode).toBe(200)

    const raised = { rateLimit: { status: true, limitMax: 1000, limitDuration: 60 } }
    await admin.put(`/api/v1/chatflows/${flow.id}`, { apiConfig: JSON.stringify(raised) })
    expect((await from('192.0.2.1')).statusCode).toBe(200)
    const off = { rateLimit: { ...raised.rateLimit, status: false } }
    await admin.put(`/api/v1/chatflows/${flow.id}`, { apiConfig: JSON.stringify(off) })
    expect((await from('192.0.2.1')).statusCode).toBe(429)
  })

  it('counts made-up X-Forwarded-For headers as one client by default', async () => {
    await admin.put(`/api/v1/chatflows/${flow.id}`, { isPublic: true, apiConfig: LIMIT_TWO })
    const statuses = [] as number[]
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      statuses.push((await forwardedBy(t, flow.id, client)).statusCode)
    expect(statuses).toEqual([200, 200, 429])
  })

  it('answers browsers of other sites only when the flow allows their origin', async () => {
    const chatbotConfig = JSON.stringify({ allowedOrigins: ['https://shop.example'] })
    await admin.put(`/api/v1/chatflows/${flow.id}`, { isPublic: true, chatbotConfig })

    const allowed = await predict(anonymous, QUESTION, { origin: 'https://shop.example' })
    expect(allowed.status).toBe(200)
    const refused = await predict(anonymous, QUESTION, { origin: 'https://elsewhere.example' })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('This site is not allowed to use this chatflow')

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/v1/prediction/${flow.id}`,
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('https://shop.example')
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization')

    const cors = await t.app.inject({
      method: 'POST',
      url: `/api/v1/prediction/${flow.id}`,
      headers: { origin: 'https://shop.example' },
      payload: QUESTION,
    })
    expect(cors.headers['access-control-allow-origin']).toBe('https://shop.example')
  })
})

describe.each(testDialects())('prediction behind one trusted proxy on $name', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise', WEFT_TRUST_PROXY: '1' } })
  })
  afterEach(() => t.close())

  it('counts each forwarded client apart, as the proxy reports them', async () => {
    const owner = await setUpAdmin(t.app)
    const flow = await createFlow(owner, await templateFlowData('Simple LLM Chain'), {
      isPublic: true,
      apiConfig: LIMIT_TWO,
    })
    const statuses = [] as number[]
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.3', '198.51.100.3'])
      statuses.push((await forwardedBy(t, flow.id, client)).statusCode)
    expect(statuses).toEqual([200, 200, 200, 200, 429])
  })
})
