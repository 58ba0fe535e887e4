import { PUBLIC_FLOW_RATE_LIMIT, type Flow } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

/** Lead capture as Flowise's chatbot configuration stores it. */
const LEADS_ON = { leads: { status: true, title: 'Where can we reach you?', name: true, email: true } }

describe.each(testDialects())('leads from chatbots on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let flow: Flow
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
    flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'), { isPublic: true })
  })
  afterEach(() => t.close())

  const leave = (remoteAddress = '192.0.2.1', email = 'grace@example.com') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      payload: { chatflowid: flow.id, chatId: 'chat-a', name: 'Grace', email },
      remoteAddress,
    })
  const stored = async () => (await admin.get(`/api/v1/leads/${flow.id}`)).body as { email: string }[]

  it('refuses leads for a flow whose chatbot does not ask for contact details, storing nothing', async () => {
    const refused = await leave()
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(
      'This flow does not collect leads: turn on "Ask for contact details" in its Configuration → Leads.',
    )
    const off = { leads: { ...LEADS_ON.leads, status: false } }
    await admin.put(`/api/v1/chatflows/${flow.id}`, { chatbotConfig: JSON.stringify(off) })
    expect((await leave()).statusCode).toBe(403)
    expect(await stored()).toEqual([])

    await admin.put(`/api/v1/chatflows/${flow.id}`, { chatbotConfig: JSON.stringify(LEADS_ON) })
    const accepted = await leave()
    expect(accepted.statusCode).toBe(200)
    expect((await stored()).map((lead) => lead.email)).toEqual(['grace@example.com'])
  })

  it('limits leads per client as predictions are: the flow’s own rule, else the public default', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }) // one window for the whole test, however slow the machine
    const apiConfig = JSON.stringify({
      rateLimit: { status: true, limitMax: 2, limitDuration: 60, limitMsg: 'Slow down, please' },
    })
    await admin.put(`/api/v1/chatflows/${flow.id}`, { chatbotConfig: JSON.stringify(LEADS_ON), apiConfig })
    expect((await leave('192.0.2.1', 'a@example.com')).statusCode).toBe(200)
    expect((await leave('192.0.2.1', 'b@example.com')).statusCode).toBe(200)
    const refused = await leave('192.0.2.1', 'c@example.com')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe('Slow down, please')
    expect((await leave('192.0.2.2', 'd@example.com')).statusCode).toBe(200)

    await admin.put(`/api/v1/chatflows/${flow.id}`, { apiConfig: '{}' })
    for (let i = 0; i < PUBLIC_FLOW_RATE_LIMIT.limitMax; i++) expect((await leave('192.0.2.3')).statusCode).toBe(200)
    expect((await leave('192.0.2.3')).statusCode).toBe(429)
    expect(await stored()).toHaveLength(3 + PUBLIC_FLOW_RATE_LIMIT.limitMax)
    vi.useRealTimers()
  })
})
