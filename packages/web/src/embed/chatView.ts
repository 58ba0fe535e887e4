import type { Appearance } from './appearance'
import type { ChatSession, WidgetMessage } from './chatSession'
import { CLOSE_ICON, SEND_ICON, STOP_ICON } from './icons'

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  // Text only: answers are shown as typed, never read as HTML.
  if (text !== undefined) node.textContent = text
  return node
}

function messageNode(message: WidgetMessage): HTMLElement {
  const classes = ['msg', message.role, message.error ? 'error' : '', message.pending ? 'typing' : '']
  return element('div', { class: classes.filter(Boolean).join(' ') }, message.text)
}

/**
 * The chat window: title bar, conversation, starter prompts and the question box. Draws the
 * session again on each change; `onClose` adds a close button (the popup has one, a full page not).
 */
export function createChatView(session: ChatSession, look: Appearance, onClose?: () => void) {
  const root = element('div', { class: 'chat', role: 'region', 'aria-label': look.title })
  const head = element('div', { class: 'head' })
  head.append(element('span', {}, look.title))
  if (onClose) {
    const close = element('button', { class: 'icon', type: 'button', 'aria-label': 'Close chat' })
    close.innerHTML = CLOSE_ICON
    close.addEventListener('click', onClose)
    head.append(close)
  }
  const log = element('div', { class: 'log', role: 'log', 'aria-live': 'polite' })
  const prompts = element('div', { class: 'prompts' })
  for (const prompt of look.starterPrompts) {
    const button = element('button', { type: 'button' }, prompt)
    button.addEventListener('click', () => void session.ask(prompt))
    prompts.append(button)
  }
  const form = element('form', { class: 'form' })
  const input = element('textarea', { rows: '1', 'aria-label': 'Type your question', placeholder: look.placeholder })
  const send = element('button', { class: 'icon send', type: 'submit' })
  form.append(input, send)
  root.append(head, log, prompts, form)

  const submit = () => {
    if (session.busy) return session.stop()
    const question = input.value
    if (!question.trim()) return
    input.value = ''
    void session.ask(question)
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    submit()
  })
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault()
      if (!session.busy) submit()
    }
  })

  function draw() {
    const welcome = look.welcomeMessage ? [messageNode({ role: 'bot', text: look.welcomeMessage })] : []
    log.replaceChildren(...welcome, ...session.messages.map(messageNode))
    log.scrollTop = log.scrollHeight
    prompts.hidden = session.messages.length > 0 || look.starterPrompts.length === 0
    send.setAttribute('aria-label', session.busy ? 'Stop' : 'Send message')
    send.innerHTML = session.busy ? STOP_ICON : SEND_ICON
  }
  draw()
  const unsubscribe = session.subscribe(draw)

  return {
    element: root,
    focus: () => input.focus(),
    destroy: () => {
      unsubscribe()
      session.stop()
    },
  }
}
