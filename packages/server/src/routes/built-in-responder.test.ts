import type { RunEvent } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { createFlow, listen, readEvents, templateFlowData } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// The built-in template "Conversation with Memory" (Built-in Responder + Buffer Memory + Conversation
// Chain) asked over the real API: the memory is the stored chat history of the same chatId.

describe.each(testDialects())('the Built-in Responder in a flow with memory on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let flowId: string
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
    flowId = (await createFlow(admin, await templateFlowData('Conversation with Memory'))).id
  })
  afterEach(() => t.close())

  const ask = async (question: string, chatId: string) => {
    const res = await admin.post(`/api/v1/prediction/${flowId}`, { question, chatId })
    expect(res.status).toBe(200)
    return res.body.text as string
  }

  it('remembers the name given earlier in the same chat, and only there', async () => {
    expect(await ask('I am Bo', 'chat-bo')).toContain('Nice to meet you, Bo!')
    expect(await ask('What is my name?', 'chat-bo')).toBe('Your name is Bo.')
    expect(await ask('What is my name?', 'chat-other')).toContain('You have not told me your name yet.')
  })

  it('answers "What can you do?" with how to connect a real model, streamed word by word', async () => {
    const base = await listen(t.app)
    const cookie = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const res = await fetch(`${base}/api/v1/internal-prediction/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ question: 'What can you do?', streaming: true }),
    })
    const events: RunEvent[] = await readEvents(res)
    const tokens = events.filter((event) => event.event === 'token').map((event) => String(event.data))
    const text = tokens.join('')
    expect(tokens.length).toBeGreaterThan(20)
    expect(text).toMatch(/^I am Weft's built-in responder, not a language model/)
    expect(text).toContain('remember your name')
    expect(text).toContain('replace this node with ChatOpenAI, ChatAnthropic, an OpenAI-compatible server')
    expect(text).toContain('then add a credential')
    expect(events.at(-1)?.event).toBe('end')
  })
})
