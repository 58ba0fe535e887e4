import { randomUUID } from 'node:crypto'
import { groupChatSessions, type ChatMessageWithFeedback, type Flow } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { INTERRUPTED_ANSWER, markInterruptedExchanges, startExchange } from '../services/chat-messages.service.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { ADMIN, browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, createRole, signInMember, switchWorkspace } from '../test/workspace-members.js'

// View Messages on real runs: every message here comes from a flow answering offline through the
// prediction API (EXTERNAL) or the canvas chat's internal prediction (INTERNAL).

/** The built-in responder as a tool agent with a calculator: it calls the tool for arithmetic. */
function calculatorAgentFlow(): string {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const calculator = flow.add('calculator', 0, 400)
  const agent = flow.add('toolAgent', 400, 200)
  flow.connect(model, agent, 'model')
  flow.connect(calculator, agent, 'tools')
  return JSON.stringify(flow.build())
}

/** Lets the clock pass the last stored time, so a bound between two runs separates them. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe.each(testDialects())('View Messages of a flow on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let flow: Flow
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
    flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'))
  })
  afterEach(() => t.close())

  type Answer = { chatMessageId: string; chatId: string; sessionId: string }
  const run = async (
    path: string,
    body: Record<string, unknown>,
    f: Flow = flow,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const res = await admin.post(`/api/v1/${path}/${f.id}`, body, headers)
    if (res.status !== 200) throw new Error(`Prediction failed: ${JSON.stringify(res.body)}`)
    return res.body as Answer
  }
  /** From the API or an embedded chatbot. */
  const ask = (question: string, fields: Record<string, unknown> = {}) => run('prediction', { question, ...fields })
  /** From the canvas chat. */
  const askOnCanvas = (question: string, chatId: string) => run('internal-prediction', { question, chatId })
  const rate = (answer: Answer, rating: 'THUMBS_UP' | 'THUMBS_DOWN', content?: string) =>
    admin.post('/api/v1/feedback', {
      chatflowid: flow.id,
      chatId: answer.chatId,
      messageId: answer.chatMessageId,
      rating,
      content,
    })
  const list = async (query = ''): Promise<ChatMessageWithFeedback[]> => {
    const res = await admin.get(`/api/v1/chatmessage/${flow.id}${query}`)
    if (res.status !== 200) throw new Error(`Listing failed: ${JSON.stringify(res.body)}`)
    return res.body
  }
  const questions = (messages: ChatMessageWithFeedback[]) =>
    messages.filter((m) => m.role === 'userMessage').map((m) => m.content)

  /** Three conversations: an API chat of two turns, a canvas chat, and a session two API calls share. */
  async function history() {
    const api1 = await ask('First API question', { chatId: 'api-chat' })
    const api2 = await ask('Second API question', { chatId: 'api-chat' })
    await tick()
    const between = new Date().toISOString()
    await tick()
    const canvas = await askOnCanvas('Canvas question', 'canvas-chat')
    const shared1 = await ask('Session call one', { chatId: 'call-1', overrideConfig: { sessionId: 'user-42' } })
    const shared2 = await ask('Session call two', { chatId: 'call-2', overrideConfig: { sessionId: 'user-42' } })
    return { api1, api2, canvas, shared1, shared2, between }
  }

  it('groups the history into conversations by session, most recent first', async () => {
    await history()
    const sessions = groupChatSessions(await list('?feedback=true'))
    expect(sessions.map((s) => [s.key, s.chatTypes, s.messageCount, s.firstQuestion])).toEqual([
      ['user-42', ['EXTERNAL'], 4, 'Session call one'],
      ['canvas-chat', ['INTERNAL'], 2, 'Canvas question'],
      ['api-chat', ['EXTERNAL'], 4, 'First API question'],
    ])
    expect(questions(sessions[0]!.messages)).toEqual(['Session call one', 'Session call two'])
    expect(sessions[0]!.messages.map((m) => m.chatId)).toEqual(['call-1', 'call-1', 'call-2', 'call-2'])
  })

  it('filters by source, in each way Flowise clients send the chat types', async () => {
    await history()
    expect(questions(await list('?chatType=INTERNAL'))).toEqual(['Canvas question'])
    expect(questions(await list('?chatType=EXTERNAL'))).toEqual([
      'First API question',
      'Second API question',
      'Session call one',
      'Session call two',
    ])
    for (const both of [
      '?chatType=["INTERNAL","EXTERNAL"]',
      '?chatType=INTERNAL,EXTERNAL',
      '?chatType=INTERNAL&chatType=EXTERNAL',
    ]) {
      expect(await list(encodeURI(both))).toHaveLength(10)
    }
    const bad = await admin.get(`/api/v1/chatmessage/${flow.id}?chatType=WIDGET`)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('querystring.chatType: must be INTERNAL or EXTERNAL, or a list of them')
  })

  it('tells the canvas, a plain API call and a browser (Origin) apart as ui, api and embed', async () => {
    await askOnCanvas('From the canvas', 'canvas-chat')
    await ask('From curl', { chatId: 'curl-chat' })
    // A widget on a shop's page: the flow is public, and no session of Weft speaks for the visitor
    // (a member's cookie from another site's page is not taken, see cross-site-requests.test.ts).
    expect((await admin.put(`/api/v1/chatflows/${flow.id}`, { isPublic: true })).status).toBe(200)
    const widget = await browser(t.app).post(
      `/api/v1/prediction/${flow.id}`,
      { question: 'From the widget', chatId: 'widget-chat' },
      { origin: 'https://shop.example' },
    )
    expect(widget.status, JSON.stringify(widget.body)).toBe(200)
    const bySource = (messages: ChatMessageWithFeedback[]) => messages.map((m) => [m.content, m.source]).slice(0, 6)
    const all = await list()
    expect(all.filter((m) => m.role === 'userMessage').map((m) => [m.content, m.chatType, m.source])).toEqual([
      ['From the canvas', 'INTERNAL', 'ui'],
      ['From curl', 'EXTERNAL', 'api'],
      ['From the widget', 'EXTERNAL', 'embed'],
    ])
    // The answer carries its question's source.
    expect(all.filter((m) => m.role === 'apiMessage').map((m) => m.source)).toEqual(['ui', 'api', 'embed'])
    expect(bySource(await list('?source=api'))).toEqual([
      ['From curl', 'api'],
      [expect.any(String), 'api'],
    ])
    expect(questions(await list('?source=ui,embed'))).toEqual(['From the canvas', 'From the widget'])
    expect((await admin.get(`/api/v1/stats/${flow.id}?source=embed`)).body.totalMessages).toBe(2)

    const bad = await admin.get(`/api/v1/chatmessage/${flow.id}?source=api,widget`)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('querystring.source: must be ui or api or embed, or a list of them')
    expect((await admin.get(`/api/v1/stats/${flow.id}?source=API`)).status).toBe(400)
  })

  it('lists canvas messages stored before sources were kept as ui, and old API/Embed ones without a source', async () => {
    await askOnCanvas('Old canvas question', 'old-canvas')
    await ask('Old API question', { chatId: 'old-api' })
    await t.db.updateTable('chat_messages').set({ source: null }).execute()
    const all = await list()
    expect(all.map((m) => [m.chatType, m.source])).toEqual([
      ['INTERNAL', 'ui'],
      ['INTERNAL', 'ui'],
      ['EXTERNAL', undefined],
      ['EXTERNAL', undefined],
    ])
    expect(questions(await list('?source=ui'))).toEqual(['Old canvas question'])
    expect(await list('?source=api,embed')).toEqual([])
  })

  it('filters by date range, a bare date covering its whole day', async () => {
    const { between } = await history()
    expect(questions(await list(`?endDate=${between}`))).toEqual(['First API question', 'Second API question'])
    expect(questions(await list(`?startDate=${between}&order=DESC`))).toEqual([
      'Session call two',
      'Session call one',
      'Canvas question',
    ])
    const today = between.slice(0, 10)
    expect(await list(`?startDate=${today}&endDate=${today}`)).toHaveLength(10)
    expect(await list('?endDate=2001-01-01')).toEqual([])
    expect((await admin.get(`/api/v1/chatmessage/${flow.id}?startDate=soon`)).status).toBe(400)
  })

  it('attaches feedback to the answers it rates and keeps only rated exchanges when asked', async () => {
    const { api2, shared1 } = await history()
    expect((await rate(api2, 'THUMBS_UP')).status).toBe(200)
    expect((await rate(shared1, 'THUMBS_DOWN', 'Not what I asked')).status).toBe(200)

    const all = await list('?feedback=true')
    const rated = all.filter((m) => m.feedback)
    expect(rated.map((m) => [m.id, m.feedback?.rating, m.feedback?.content])).toEqual([
      [api2.chatMessageId, 'THUMBS_UP', null],
      [shared1.chatMessageId, 'THUMBS_DOWN', 'Not what I asked'],
    ])
    expect(all.every((m) => m.feedback === null || m.role === 'apiMessage')).toBe(true)
    expect((await list())[0]).not.toHaveProperty('feedback')

    const positive = await list('?feedbackType=THUMBS_UP')
    expect(positive.map((m) => [m.role, m.content.slice(0, 19)])).toEqual([
      ['userMessage', 'Second API question'],
      ['apiMessage', expect.any(String)],
    ])
    expect(positive[1]!.id).toBe(api2.chatMessageId)
    expect(questions(await list('?feedbackType=THUMBS_DOWN'))).toEqual(['Session call one'])
    expect(questions(await list(encodeURI('?feedbackType=["THUMBS_UP","THUMBS_DOWN"]')))).toEqual([
      'Second API question',
      'Session call one',
    ])
    expect(await list('?feedbackType=THUMBS_DOWN&chatType=INTERNAL')).toEqual([])
  })

  it('counts messages, feedback, positive feedback and sessions under the same filters', async () => {
    const { api1, api2, shared2 } = await history()
    await rate(api1, 'THUMBS_UP')
    await rate(api2, 'THUMBS_UP')
    await rate(shared2, 'THUMBS_DOWN')
    const stats = async (query = '') => (await admin.get(`/api/v1/stats/${flow.id}${query}`)).body
    expect(await stats()).toEqual({ totalMessages: 10, totalFeedback: 3, positiveFeedback: 2, totalSessions: 3 })
    expect(await stats('?chatType=INTERNAL')).toEqual({
      totalMessages: 2,
      totalFeedback: 0,
      positiveFeedback: 0,
      totalSessions: 1,
    })
    expect(await stats('?feedbackType=THUMBS_DOWN')).toEqual({
      totalMessages: 2,
      totalFeedback: 1,
      positiveFeedback: 0,
      totalSessions: 1,
    })
    expect(await stats('?endDate=2001-01-01')).toEqual({
      totalMessages: 0,
      totalFeedback: 0,
      positiveFeedback: 0,
      totalSessions: 0,
    })
  })

  it('shows each answer’s source documents, used tools and whether it was interrupted', async () => {
    const documents = await createFlow(admin, await templateFlowData('Document Q&A'))
    const agent = await createFlow(admin, calculatorAgentFlow())
    await run('prediction', { question: 'When can I get a refund?', chatId: 'docs' }, documents)
    await run('prediction', { question: 'What is 6 * 7?', chatId: 'maths' }, agent)

    const [, docsAnswer] = (await admin.get(`/api/v1/chatmessage/${documents.id}`)).body as ChatMessageWithFeedback[]
    expect(docsAnswer!.sourceDocuments!.some((d) => d.pageContent.includes('Refunds are possible'))).toBe(true)
    const [, toolAnswer] = (await admin.get(`/api/v1/chatmessage/${agent.id}`)).body as ChatMessageWithFeedback[]
    expect(toolAnswer!.usedTools).toEqual([
      { tool: 'calculator', toolInput: { expression: '6 * 7' }, toolOutput: '42' },
    ])

    // What a run leaves when its server dies mid-answer; the real kill is in crash-recovery.test.ts.
    const row = await t.db.selectFrom('flows').selectAll().where('id', '=', flow.id).executeTakeFirstOrThrow()
    await startExchange({ db: t.db }, row, {
      chatType: 'EXTERNAL',
      source: 'api',
      chatId: 'cut',
      sessionId: 'cut',
      question: 'Asked just before the crash',
      chatMessageId: randomUUID(),
      askedAt: new Date().toISOString(),
    })
    const later = Date.now() + t.config.runTimeoutMs + 120_000
    await markInterruptedExchanges(
      { db: t.db, log: t.app.log, dialect: dialect.url ? 'postgres' : 'sqlite', config: t.config },
      later,
    )
    const [cut] = groupChatSessions(await list('?feedback=true'))
    expect(cut!.messages.map((m) => [m.role, m.status, m.feedback])).toEqual([
      ['userMessage', 'interrupted', null],
      ['apiMessage', 'interrupted', null],
    ])
    expect(cut!.messages[1]!.content).toBe(INTERRUPTED_ANSWER)
  })

  it('deletes one conversation with its feedback and leaves the others', async () => {
    const { api2, shared1, shared2 } = await history()
    await rate(api2, 'THUMBS_UP')
    await rate(shared1, 'THUMBS_DOWN')
    await rate(shared2, 'THUMBS_UP')

    const res = await admin.delete(`/api/v1/chatmessage/${flow.id}?sessionId=user-42`)
    expect(res.body).toEqual({ deleted: 4, affected: 4 })
    expect(groupChatSessions(await list()).map((s) => s.key)).toEqual(['canvas-chat', 'api-chat'])
    const feedback = (await admin.get(`/api/v1/feedback/${flow.id}`)).body
    expect(feedback.map((f: { messageId: string }) => f.messageId)).toEqual([api2.chatMessageId])
    expect((await admin.get(`/api/v1/stats/${flow.id}`)).body).toMatchObject({ totalFeedback: 1, totalSessions: 2 })
  })

  it('deletes by source, date range and rating, as Flowise’s clear does', async () => {
    const { api2, between } = await history()
    await rate(api2, 'THUMBS_DOWN')
    expect((await admin.delete(`/api/v1/chatmessage/${flow.id}?feedbackType=THUMBS_DOWN`)).body.deleted).toBe(2)
    expect(questions(await list('?chatId=api-chat'))).toEqual(['First API question'])

    expect((await admin.delete(`/api/v1/chatmessage/${flow.id}?chatType=INTERNAL`)).body.deleted).toBe(2)
    expect((await admin.delete(`/api/v1/chatmessage/${flow.id}?endDate=${between}`)).body.deleted).toBe(2)
    expect(questions(await list())).toEqual(['Session call one', 'Session call two'])
    expect((await admin.delete(`/api/v1/chatmessage/${flow.id}?chatType=TEAMS`)).status).toBe(400)
    expect(await list()).toHaveLength(4)
  })

  it('lists feedback by chat, order and date', async () => {
    const { api1, api2, shared1 } = await history()
    await rate(api1, 'THUMBS_UP')
    await rate(api2, 'THUMBS_DOWN')
    await rate(shared1, 'THUMBS_UP')
    const ids = async (query: string) =>
      (await admin.get(`/api/v1/feedback/${flow.id}${query}`)).body.map((f: { messageId: string }) => f.messageId)
    expect(await ids('?chatId=api-chat&sortOrder=DESC')).toEqual([api2.chatMessageId, api1.chatMessageId])
    expect(await ids('?endDate=2001-01-01')).toEqual([])
    expect(await ids('?chatId=call-1')).toEqual([shared1.chatMessageId])
  })

  it('lets viewers read but not delete, and refuses strangers and other workspaces', async () => {
    await history()
    const viewer = await signInMember(t, admin, await createRole(t, admin, ['chatflows:view']))
    expect(await viewer.get(`/api/v1/chatmessage/${flow.id}`).then((r) => r.body.length)).toBe(10)
    expect((await viewer.get(`/api/v1/stats/${flow.id}`)).status).toBe(200)
    expect((await viewer.delete(`/api/v1/chatmessage/${flow.id}?sessionId=user-42`)).status).toBe(403)

    const outsider = await signInMember(t, admin, await createRole(t, admin, ['credentials:view']))
    expect((await outsider.get(`/api/v1/chatmessage/${flow.id}`)).status).toBe(403)
    expect((await outsider.get(`/api/v1/stats/${flow.id}`)).status).toBe(403)

    const anonymous = browser(t.app)
    expect((await anonymous.get(`/api/v1/chatmessage/${flow.id}`)).status).toBe(401)
    expect((await anonymous.get(`/api/v1/stats/${flow.id}`)).status).toBe(401)
    expect((await anonymous.delete(`/api/v1/chatmessage/${flow.id}`)).status).toBe(401)

    // The admin in another workspace of the organization: the flow is not there.
    const elsewhere = await setUpElsewhere()
    expect((await elsewhere.get(`/api/v1/chatmessage/${flow.id}`)).status).toBe(404)
    expect((await elsewhere.get(`/api/v1/stats/${flow.id}`)).status).toBe(404)
    expect((await elsewhere.get(`/api/v1/leads/${flow.id}`)).status).toBe(404)
    expect((await elsewhere.delete(`/api/v1/chatmessage/${flow.id}`)).status).toBe(404)

    expect(await list()).toHaveLength(10)
  })

  /** The admin, signed in a second time and switched to a new workspace of the organization. */
  async function setUpElsewhere(): Promise<Browser> {
    const other = browser(t.app)
    const login = await other.post('/api/v1/auth/login', { email: ADMIN.email, password: ADMIN.password })
    if (login.status !== 200) throw new Error(`Login failed: ${JSON.stringify(login.body)}`)
    await switchWorkspace(other, await addWorkspace(t, admin))
    return other
  }
})
