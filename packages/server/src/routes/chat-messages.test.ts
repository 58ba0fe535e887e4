import { randomUUID } from 'node:crypto'
import type { ChatMessage, Flow } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { INTERRUPTED_ANSWER, markInterruptedExchanges, startExchange } from '../services/chat-messages.service.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { createRole, signInMember } from '../test/workspace-members.js'

describe.each(testDialects())('chat messages, feedback and leads on $name', (dialect) => {
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
  afterEach(() => t.close())

  const ask = async (question: string, chatId: string, b: Browser = admin) => {
    const res = await b.post(`/api/v1/prediction/${flow.id}`, { question, chatId })
    if (res.status !== 200) throw new Error(`Prediction failed: ${JSON.stringify(res.body)}`)
    return res.body as { chatMessageId: string; chatId: string }
  }
  const contents = (messages: { content: string }[]) => messages.map((m) => m.content)

  it('lists a flow’s messages by chat, type, order and date, and clears a chat or all', async () => {
    await ask('First question', 'chat-a')
    await ask('Second question', 'chat-b')
    await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'From the canvas', chatId: 'chat-c' })

    const all = (await admin.get(`/api/v1/chatmessage/${flow.id}`)).body
    expect(all).toHaveLength(6)
    expect(all[0]).toMatchObject({
      role: 'userMessage',
      content: 'First question',
      chatflowid: flow.id,
      chatId: 'chat-a',
    })
    expect(contents((await admin.get(`/api/v1/chatmessage/${flow.id}?chatId=chat-b`)).body)[0]).toBe('Second question')
    expect((await admin.get(`/api/v1/chatmessage/${flow.id}?chatType=INTERNAL`)).body).toHaveLength(2)
    expect(contents((await admin.get(`/api/v1/chatmessage/${flow.id}?order=DESC`)).body)[5]).toBe('First question')
    expect((await admin.get(`/api/v1/chatmessage/${flow.id}?startDate=2999-01-01`)).body).toEqual([])
    expect((await admin.get(`/api/v1/chatmessage/${flow.id}?endDate=2999-01-01`)).body).toHaveLength(6)
    expect((await admin.get(`/api/v1/chatmessage/${flow.id}?order=UP`)).status).toBe(400)

    expect((await admin.delete(`/api/v1/chatmessage/${flow.id}?chatId=chat-a`)).body).toEqual({
      deleted: 2,
      affected: 2,
    })
    expect((await admin.get(`/api/v1/chatmessage/${flow.id}`)).body).toHaveLength(4)
    expect((await admin.delete(`/api/v1/chatmessage/${flow.id}`)).body).toEqual({ deleted: 4, affected: 4 })
    expect((await admin.get(`/api/v1/chatmessage/${flow.id}`)).body).toEqual([])
  })

  it('shows messages to members who may view the flow and lets only editors clear them', async () => {
    await ask('Hello', 'chat-a')
    const viewer = await signInMember(t, admin, await createRole(t, admin, ['chatflows:view']))
    expect((await viewer.get(`/api/v1/chatmessage/${flow.id}`)).body).toHaveLength(2)
    expect((await viewer.delete(`/api/v1/chatmessage/${flow.id}`)).status).toBe(403)
    expect((await anonymous.get(`/api/v1/chatmessage/${flow.id}`)).status).toBe(401)
    expect((await admin.get('/api/v1/chatmessage/00000000-0000-0000-0000-000000000000')).status).toBe(404)
  })

  it('takes feedback on an answer from whoever may call the flow, one per answer', async () => {
    const { chatMessageId } = await ask('Hello', 'chat-a')
    const thumbs = { chatflowid: flow.id, chatId: 'chat-a', messageId: chatMessageId, rating: 'THUMBS_UP' }
    expect((await anonymous.post('/api/v1/feedback', thumbs)).status).toBe(401)

    await admin.put(`/api/v1/chatflows/${flow.id}`, { isPublic: true })
    const given = await anonymous.post('/api/v1/feedback', thumbs)
    expect(given.status).toBe(200)
    expect(given.body).toMatchObject({ ...thumbs, content: null })

    const again = await anonymous.post('/api/v1/feedback', { ...thumbs, rating: 'THUMBS_DOWN' })
    expect(again.body.id).toBe(given.body.id)
    const commented = await anonymous.put(`/api/v1/feedback/${given.body.id}`, { content: 'Too short' })
    expect(commented.body).toMatchObject({ rating: 'THUMBS_DOWN', content: 'Too short' })

    const listed = await admin.get(`/api/v1/feedback/${flow.id}`)
    expect(listed.body).toEqual([commented.body])
    expect((await anonymous.get(`/api/v1/feedback/${flow.id}`)).status).toBe(401)

    const unknown = await anonymous.post('/api/v1/feedback', { ...thumbs, messageId: 'not-an-answer' })
    expect(unknown.status).toBe(404)
    const bad = await anonymous.post('/api/v1/feedback', { ...thumbs, rating: 'MEH' })
    expect(bad.body.message).toBe('body.rating: must be THUMBS_UP or THUMBS_DOWN')
  })

  it('keeps the leads a chatbot collects', async () => {
    const lead = { chatflowid: flow.id, chatId: 'chat-a', name: 'Grace', email: 'grace@example.com', phone: '' }
    expect((await anonymous.post('/api/v1/leads', lead)).status).toBe(401)
    const chatbotConfig = JSON.stringify({ leads: { status: true, name: true, email: true, phone: true } })
    await admin.put(`/api/v1/chatflows/${flow.id}`, { isPublic: true, chatbotConfig })
    const added = await anonymous.post('/api/v1/leads', lead)
    expect(added.status).toBe(200)
    expect(added.body).toMatchObject({
      chatflowid: flow.id,
      chatId: 'chat-a',
      name: 'Grace',
      email: 'grace@example.com',
      phone: null,
    })
    expect((await admin.get(`/api/v1/leads/${flow.id}`)).body).toEqual([added.body])
    expect((await anonymous.get(`/api/v1/leads/${flow.id}`)).status).toBe(401)
  })

  it('stores the lead’s e-mail with the messages of the chat', async () => {
    await admin.post(`/api/v1/prediction/${flow.id}`, {
      question: 'Hi',
      chatId: 'chat-a',
      leadEmail: 'grace@example.com',
    })
    const messages = (await admin.get(`/api/v1/chatmessage/${flow.id}`)).body
    expect(messages.map((m: { leadEmail: string }) => m.leadEmail)).toEqual(['grace@example.com', 'grace@example.com'])
  })

  /** What a run leaves when its process dies mid-answer: the question and an answer in progress. */
  async function leaveInProgress(chatId: string, question: string) {
    const row = await t.db.selectFrom('flows').selectAll().where('id', '=', flow.id).executeTakeFirstOrThrow()
    await startExchange({ db: t.db }, row, {
      chatType: 'INTERNAL',
      source: 'ui',
      chatId,
      sessionId: chatId,
      question,
      chatMessageId: randomUUID(),
      askedAt: new Date().toISOString(),
    })
  }

  it('marks an answer a stopped server left in progress as interrupted, keeping its question', async () => {
    await ask('Finished before', 'chat-a')
    // Messages are listed by time: the next question comes at least a millisecond after the answer.
    await new Promise((resolve) => setTimeout(resolve, 5))
    // The real kill is in crash-recovery.test.ts.
    await leaveInProgress('chat-a', 'Asked just before the crash')
    // The next start comes after the run time limit, so even a shared PostgreSQL marks it.
    const later = Date.now() + t.config.runTimeoutMs + 120_000
    await markInterruptedExchanges(
      { db: t.db, log: t.app.log, dialect: dialect.url ? 'postgres' : 'sqlite', config: t.config },
      later,
    )

    const messages = (await admin.get(`/api/v1/chatmessage/${flow.id}?chatId=chat-a`)).body
    expect(messages.map((m: ChatMessage) => [m.role, m.status])).toEqual([
      ['userMessage', undefined],
      ['apiMessage', undefined],
      ['userMessage', 'interrupted'],
      ['apiMessage', 'interrupted'],
    ])
    expect(messages[2].content).toBe('Asked just before the crash')
    expect(messages[3].content).toBe(INTERRUPTED_ANSWER)
  })

  it.runIf(dialect.url)(
    'leaves an answer another server may still be streaming alone on a shared PostgreSQL',
    async () => {
      await leaveInProgress('chat-b', 'Still being answered elsewhere')
      await markInterruptedExchanges({ db: t.db, log: t.app.log, dialect: 'postgres', config: t.config })

      const messages = (await admin.get(`/api/v1/chatmessage/${flow.id}?chatId=chat-b`)).body
      expect(messages.map((m: ChatMessage) => m.status)).toEqual(['inProgress', 'inProgress'])
    },
  )
})
