import { afterEach, describe, expect, it, vi } from 'vitest'
import Chatbot from './index'
import { controlledStream, json, stubFetch } from './test/fakeServer'

const config = {
  title: 'Shop helper',
  welcomeMessage: 'Welcome to the shop!',
  starterPrompts: ['Opening hours?'],
  botMessage: { backgroundColor: '#123456' },
}

// The widget draws inside a shadow root: the page's queries cannot see in, the test reaches in.
const shadowOf = (parent: Element) => [...parent.querySelectorAll('div')].find((div) => div.shadowRoot)?.shadowRoot
const texts = (root: ShadowRoot) => [...root.querySelectorAll('.msg')].map((node) => node.textContent)

function serve() {
  const stream = controlledStream()
  const calls = stubFetch((call) => (call.url.includes('/public-chatbotConfig/') ? json(config) : stream.response()))
  return { stream, calls }
}

describe('embeddable chat widget', () => {
  afterEach(() => {
    document.body.replaceChildren()
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it('fills <weft-fullchatbot> with the flow’s chat, styled apart from the page', async () => {
    const { calls } = serve()
    document.body.innerHTML = '<weft-fullchatbot></weft-fullchatbot>'
    Chatbot.initFull({ chatflowid: 'f1', apiHost: 'https://weft.example.com' })
    const target = document.querySelector('weft-fullchatbot')!
    await vi.waitFor(() => expect(shadowOf(target)).toBeTruthy())
    const root = shadowOf(target)!
    expect(calls[0]!.url).toBe('https://weft.example.com/api/v1/public-chatbotConfig/f1')
    expect(root.querySelector('.head')!.textContent).toBe('Shop helper')
    expect(texts(root)).toEqual(['Welcome to the shop!'])
    expect(root.querySelector('style')!.textContent).toContain('background: #123456')
    expect(root.querySelector('[aria-label="Close chat"]')).toBeNull()
  })

  it('sends on Enter and streams the answer into the conversation', async () => {
    const { stream, calls } = serve()
    const box = document.createElement('section')
    document.body.append(box)
    Chatbot.initFull({ chatflowid: 'f1', apiHost: 'https://weft.example.com', element: box })
    await vi.waitFor(() => expect(shadowOf(box)).toBeTruthy())
    const root = shadowOf(box)!
    const input = root.querySelector('textarea')!
    expect(input.getAttribute('aria-label')).toBe('Type your question')

    input.value = 'Do you ship abroad?'
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    await vi.waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]!.body).toMatchObject({ question: 'Do you ship abroad?', streaming: true })
    expect(input.value).toBe('')
    expect(root.querySelector('.prompts')!.hasAttribute('hidden')).toBe(true)
    expect(root.querySelector('.send')!.getAttribute('aria-label')).toBe('Stop')

    stream.send({ event: 'token', data: 'Yes, ' })
    await vi.waitFor(() => expect(texts(root)).toEqual(['Welcome to the shop!', 'Do you ship abroad?', 'Yes, ']))
    stream.send({ event: 'token', data: '<b>everywhere</b>' })
    stream.close()
    await vi.waitFor(() => expect(root.querySelector('.send')!.getAttribute('aria-label')).toBe('Send message'))
    expect(texts(root)[2]).toBe('Yes, <b>everywhere</b>')
    expect(root.querySelector('b')).toBeNull()
  })

  it('puts a bubble in the corner that opens the chat, and a starter prompt asks its question', async () => {
    const { calls } = serve()
    const chat = Chatbot.init({
      chatflowid: 'f1',
      apiHost: 'https://weft.example.com',
      theme: { button: { size: 64 } },
    })
    await vi.waitFor(() => expect(shadowOf(document.body)).toBeTruthy())
    const root = shadowOf(document.body)!
    const bubble = root.querySelector<HTMLButtonElement>('.bubble')!
    const popup = root.querySelector<HTMLElement>('.popup')!
    expect(bubble.getAttribute('aria-label')).toBe('Open chat')
    expect(popup.hidden).toBe(true)

    bubble.click()
    expect(popup.hidden).toBe(false)
    expect(bubble.getAttribute('aria-expanded')).toBe('true')
    root.querySelector<HTMLButtonElement>('.prompts button')!.click()
    await vi.waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]!.body).toMatchObject({ question: 'Opening hours?' })

    root.querySelector<HTMLButtonElement>('[aria-label="Close chat"]')!.click()
    expect(popup.hidden).toBe(true)
    chat.destroy()
    expect(shadowOf(document.body)).toBeUndefined()
  })

  it('leaves nothing behind when removed before the appearance arrived', async () => {
    serve()
    Chatbot.init({ chatflowid: 'f1', apiHost: 'https://weft.example.com' }).destroy()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(document.body.children).toHaveLength(0)
  })

  it('says what is missing when there is nowhere to draw the full chat', () => {
    expect(() => Chatbot.initFull({ chatflowid: 'f1', apiHost: 'https://weft.example.com' })).toThrow(
      'no element given and no <weft-fullchatbot> on the page',
    )
  })
})
