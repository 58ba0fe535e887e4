import type { ChatbotConfig } from '@weft/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import Chatbot from './index'
import { controlledStream, json, stubFetch, type Call } from './test/fakeServer'

// Saved as the configuration dialog saves it: starter prompts in Flowise's shape.
const config: ChatbotConfig = {
  title: 'Shop helper',
  welcomeMessage: 'Welcome to the shop!',
  starterPrompts: { 0: { prompt: 'Opening hours?' }, 1: { prompt: '' } },
  botMessage: { backgroundColor: '#123456' },
}

const HOST = 'https://weft.example.com'

// The widget draws inside a shadow root: the page's queries cannot see in, the test reaches in.
const shadowOf = (parent: Element) => [...parent.querySelectorAll('div')].find((div) => div.shadowRoot)?.shadowRoot
const texts = (root: ShadowRoot) => [...root.querySelectorAll('.msg')].map((node) => node.textContent)
const buttons = (root: ShadowRoot, group: string) =>
  [...root.querySelectorAll<HTMLButtonElement>(`[aria-label="${group}"] button`)].filter(
    (button) => !button.closest('[hidden]'),
  )
const predictions = (calls: Call[]) => calls.filter((call) => call.url === `${HOST}/api/v1/prediction/f1`)

/** A Weft server for flow f1 ("Shop flow"): its config, its name, and predictions answered by `answer`. */
function serve(chatbot: ChatbotConfig | { status: number } = config, answer?: () => Response) {
  const stream = controlledStream()
  const calls = stubFetch((call) => {
    if (call.url.endsWith('/public-chatbotConfig/f1'))
      return 'status' in chatbot ? json({ message: 'Unauthorized Access' }, chatbot.status as number) : json(chatbot)
    if (call.url.endsWith('/public-chatflows/f1')) return json({ id: 'f1', name: 'Shop flow' })
    if (call.url.endsWith('/feedback')) return json({ id: 'fb1' })
    return answer ? answer() : stream.response()
  })
  return { stream, calls }
}

async function mountFull(): Promise<ShadowRoot> {
  const box = document.createElement('section')
  document.body.append(box)
  Chatbot.initFull({ chatflowid: 'f1', apiHost: HOST, element: box })
  await vi.waitFor(() => expect(shadowOf(box)).toBeTruthy())
  return shadowOf(box)!
}

function ask(root: ShadowRoot, question: string) {
  const input = root.querySelector('textarea')!
  input.value = question
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
}

const answered = (text: string, extra: Record<string, unknown> = {}) =>
  json({ text, chatId: 'c1', chatMessageId: 'm1', question: 'Q', sessionId: 'c1', ...extra })

describe('embeddable chat widget', () => {
  afterEach(() => {
    document.body.replaceChildren()
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it('fills <weft-fullchatbot> with the saved title, welcome message and starter prompts, styled apart from the page', async () => {
    const { calls } = serve()
    document.body.innerHTML = '<weft-fullchatbot></weft-fullchatbot>'
    Chatbot.initFull({ chatflowid: 'f1', apiHost: HOST })
    const target = document.querySelector('weft-fullchatbot')!
    await vi.waitFor(() => expect(shadowOf(target)).toBeTruthy())
    const root = shadowOf(target)!
    expect(calls.map((call) => call.url).sort()).toEqual([
      `${HOST}/api/v1/public-chatbotConfig/f1`,
      `${HOST}/api/v1/public-chatflows/f1`,
    ])
    expect(root.querySelector('.head')!.textContent).toBe('Shop helper')
    expect(texts(root)).toEqual(['Welcome to the shop!'])
    expect(buttons(root, 'Starter prompts').map((button) => button.textContent)).toEqual(['Opening hours?'])
    expect(root.querySelector('style')!.textContent).toContain('background: #123456')
    expect(root.querySelector('.footer')!.textContent).toBe('Powered by Weft')
    expect(root.querySelector<HTMLAnchorElement>('.footer a')!.href).toBe(`${HOST}/`)
    expect(root.querySelector('[aria-label="Close chat"]')).toBeNull()
  })

  it('titles a chatbot with no title by its flow’s name and greets with the default welcome', async () => {
    serve({})
    const root = await mountFull()
    expect(root.querySelector('.head')!.textContent).toBe('Shop flow')
    expect(texts(root)).toEqual(['Hi there! How can I help?'])
  })

  it('says the chatbot is not public instead of offering a question box that cannot work', async () => {
    serve({ status: 401 })
    const root = await mountFull()
    expect(root.querySelector('[role="alert"]')!.textContent).toContain('This chatbot is not public')
    expect(root.querySelector('textarea')).toBeNull()
  })

  it('sends on Enter and streams the answer into the conversation', async () => {
    const { stream, calls } = serve()
    const root = await mountFull()
    expect(root.querySelector('textarea')!.getAttribute('aria-label')).toBe('Type your question')

    ask(root, 'Do you ship abroad?')
    await vi.waitFor(() => expect(predictions(calls)).toHaveLength(1))
    expect(predictions(calls)[0]!.body).toMatchObject({ question: 'Do you ship abroad?', streaming: true })
    expect(root.querySelector('textarea')!.value).toBe('')
    expect(buttons(root, 'Starter prompts')).toEqual([])
    expect(root.querySelector('.send')!.getAttribute('aria-label')).toBe('Stop')

    stream.send({ event: 'token', data: 'Yes, ' })
    await vi.waitFor(() => expect(texts(root)).toEqual(['Welcome to the shop!', 'Do you ship abroad?', 'Yes, ']))
    stream.send({ event: 'token', data: '<b>everywhere</b>' })
    stream.close()
    await vi.waitFor(() => expect(root.querySelector('.send')!.getAttribute('aria-label')).toBe('Send message'))
    expect(texts(root)[2]).toBe('Yes, <b>everywhere</b>')
    expect(root.querySelector('b')).toBeNull()
  })

  it('shows the conversation again after the page reloads', async () => {
    serve(config, () => answered('We open at nine.'))
    const first = await mountFull()
    ask(first, 'Opening hours?')
    await vi.waitFor(() => expect(texts(first)).toContain('We open at nine.'))

    document.body.replaceChildren()
    const { calls } = serve(config, () => answered('Until six.'))
    const again = await mountFull()
    expect(texts(again)).toEqual(['Welcome to the shop!', 'Opening hours?', 'We open at nine.'])
    ask(again, 'And closing?')
    await vi.waitFor(() => expect(texts(again)).toContain('Until six.'))
    expect(predictions(calls)[0]!.body).toMatchObject({ chatId: 'c1' })
  })

  it('offers the answer’s follow-up prompts, and a click asks one', async () => {
    const replies = [answered('Nine to six.', { followUpPrompts: '["Open on Sundays?","Where are you?"]' })]
    const { calls } = serve(config, () => replies.shift() ?? answered('No.'))
    const root = await mountFull()
    ask(root, 'Opening hours?')
    await vi.waitFor(() => expect(buttons(root, 'Follow-up prompts')).toHaveLength(2))
    expect(buttons(root, 'Follow-up prompts').map((button) => button.textContent)).toEqual([
      'Open on Sundays?',
      'Where are you?',
    ])
    buttons(root, 'Follow-up prompts')[0]!.click()
    await vi.waitFor(() => expect(predictions(calls)).toHaveLength(2))
    expect(predictions(calls)[1]!.body).toMatchObject({ question: 'Open on Sundays?' })
    await vi.waitFor(() => expect(texts(root).at(-1)).toBe('No.'))
    expect(buttons(root, 'Follow-up prompts')).toEqual([])
  })

  it('shows thumbs under answers only when the chatbot’s feedback is on', async () => {
    serve(config, () => answered('Nine to six.'))
    const off = await mountFull()
    ask(off, 'Hours?')
    await vi.waitFor(() => expect(texts(off)).toContain('Nine to six.'))
    expect(off.querySelector('[aria-label="Helpful"]')).toBeNull()

    document.body.replaceChildren()
    localStorage.clear()
    const { calls } = serve({ ...config, chatFeedback: { status: true } }, () => answered('Nine to six.'))
    const on = await mountFull()
    ask(on, 'Hours?')
    await vi.waitFor(() => expect(on.querySelector('[aria-label="Helpful"]')).toBeTruthy())
    on.querySelector<HTMLButtonElement>('[aria-label="Helpful"]')!.click()
    await vi.waitFor(() =>
      expect(on.querySelector('[aria-label="Helpful"]')!.getAttribute('aria-pressed')).toBe('true'),
    )
    expect(calls.find((call) => call.url === `${HOST}/api/v1/feedback`)!.body).toMatchObject({
      chatflowid: 'f1',
      chatId: 'c1',
      messageId: 'm1',
      rating: 'THUMBS_UP',
    })
  })

  it('puts a bubble in the corner that opens the chat, and a starter prompt asks its question', async () => {
    const { calls } = serve()
    const chat = Chatbot.init({ chatflowid: 'f1', apiHost: HOST, theme: { button: { size: 64 } } })
    await vi.waitFor(() => expect(shadowOf(document.body)).toBeTruthy())
    const root = shadowOf(document.body)!
    const bubble = root.querySelector<HTMLButtonElement>('.bubble')!
    const popup = root.querySelector<HTMLElement>('.popup')!
    expect(bubble.getAttribute('aria-label')).toBe('Open chat')
    expect(popup.hidden).toBe(true)

    bubble.click()
    expect(popup.hidden).toBe(false)
    expect(bubble.getAttribute('aria-expanded')).toBe('true')
    buttons(root, 'Starter prompts')[0]!.click()
    await vi.waitFor(() => expect(predictions(calls)).toHaveLength(1))
    expect(predictions(calls)[0]!.body).toMatchObject({ question: 'Opening hours?' })

    root.querySelector<HTMLButtonElement>('[aria-label="Close chat"]')!.click()
    expect(popup.hidden).toBe(true)
    chat.destroy()
    expect(shadowOf(document.body)).toBeUndefined()
  })

  it('leaves nothing behind when removed before the appearance arrived', async () => {
    serve()
    Chatbot.init({ chatflowid: 'f1', apiHost: HOST }).destroy()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(document.body.children).toHaveLength(0)
  })

  it('says what is missing when there is nowhere to draw the full chat', () => {
    expect(() => Chatbot.initFull({ chatflowid: 'f1', apiHost: HOST })).toThrow(
      'no element given and no <weft-fullchatbot> on the page',
    )
  })
})
