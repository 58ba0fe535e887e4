import { uploadProblem, type ChatbotView, type Upload, type UploadsConfig } from '@weft/core'
import { offeredFollowUps, type ChatEntry } from '../features/chat/chatEntries'
import { readUpload } from '../features/chat/readUpload'
import type { ChatSession } from './chatSession'
import { ATTACH_ICON, CLEAR_ICON, CLOSE_ICON, SEND_ICON, STOP_ICON, THUMB_DOWN_ICON, THUMB_UP_ICON } from './icons'

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

function iconButton(label: string, icon: string, onClick: () => void, className = 'icon'): HTMLButtonElement {
  const button = element('button', { class: className, type: 'button', 'aria-label': label, title: label })
  button.innerHTML = icon
  button.addEventListener('click', onClick)
  return button
}

function promptButtons(container: HTMLElement, prompts: readonly string[], ask: (prompt: string) => void) {
  container.replaceChildren(
    ...prompts.map((prompt) => {
      const button = element('button', { type: 'button' }, prompt)
      button.addEventListener('click', () => ask(prompt))
      return button
    }),
  )
  container.hidden = prompts.length === 0
}

export interface ChatViewOptions {
  /** Adds a close button (the popup has one, a full page not). */
  onClose?: () => void
  /** Why the chat cannot be used (the flow is not public, the server is out of reach): shown instead of the question box. */
  notice?: string
  /** Where relative links of the chatbot (its footer) point: the Weft server. */
  apiHost: string
  /** What the chat may send besides text: an attach button for images when the flow's model sees them. */
  uploads?: UploadsConfig | undefined
}

/**
 * The chat window: title bar, conversation, starter and follow-up prompts, the question box and the
 * footer, drawn from the chatbot's view (core's rules, the same as the chatbot page). Draws the
 * session again on each change.
 */
export function createChatView(session: ChatSession, view: ChatbotView, options: ChatViewOptions) {
  const root = element('div', { class: 'chat', role: 'region', 'aria-label': view.title })
  const head = element('div', { class: 'head' })
  if (view.titleAvatarSrc) head.append(element('img', { src: view.titleAvatarSrc, alt: '' }))
  head.append(element('span', {}, view.title))
  head.append(
    iconButton('Clear chat', CLEAR_ICON, () => {
      if (window.confirm('Clear this chat? A new conversation starts.')) session.clear()
    }),
  )
  if (options.onClose) head.append(iconButton('Close chat', CLOSE_ICON, options.onClose))

  const log = element('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': 'Messages' })
  const starters = element('div', { class: 'prompts', role: 'group', 'aria-label': 'Starter prompts' })
  const followUps = element('div', { class: 'prompts', role: 'group', 'aria-label': 'Follow-up prompts' })
  const ask = (prompt: string) => void session.ask(prompt)
  promptButtons(starters, view.starterPrompts, ask)

  const form = element('form', { class: 'form' })
  const input = element('textarea', {
    rows: '1',
    'aria-label': 'Type your question',
    placeholder: view.textInput.placeholder,
  })
  const send = element('button', { class: 'icon send', type: 'submit' })
  const images = imagePicker(options.uploads)
  form.append(...(images ? [images.button, images.picker] : []), input, send)
  const footer = element('div', { class: 'footer' }, `${view.footer.text} `)
  const link = element(
    'a',
    { href: new URL(view.footer.companyLink, options.apiHost).href, target: '_blank', rel: 'noopener' },
    view.footer.company,
  )
  footer.append(link)
  const bottom = options.notice
    ? [element('div', { class: 'notice', role: 'alert' }, options.notice)]
    : [...(images ? [images.pending] : []), form]
  root.append(head, log, starters, followUps, ...bottom, footer)

  const submit = () => {
    if (session.busy) return session.stop()
    const question = input.value
    const attached = images?.take() ?? []
    if (!question.trim() && attached.length === 0) return
    input.value = ''
    void session.ask(question, attached)
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

  function thumbs(messageId: string): HTMLElement {
    const rated = session.ratings[messageId]
    const box = element('div', { class: 'thumbs' })
    for (const [rating, label, icon] of [
      ['THUMBS_UP', 'Helpful', THUMB_UP_ICON],
      ['THUMBS_DOWN', 'Not helpful', THUMB_DOWN_ICON],
    ] as const) {
      const button = iconButton(label, icon, () => void session.rate(messageId, rating))
      button.setAttribute('aria-pressed', String(rated === rating))
      box.append(button)
    }
    return box
  }

  function messageNode(entry: ChatEntry): HTMLElement {
    const bot = entry.role === 'apiMessage'
    const waiting = entry.status === 'streaming' && entry.content === '' && !entry.error
    const text = entry.error
      ? (view.errorMessage ?? entry.error)
      : entry.content || (waiting ? '' : entry.status === 'stopped' ? 'Stopped.' : 'No answer.')
    const classes = ['msg', bot ? 'bot' : 'user', entry.error ? 'error' : '', waiting ? 'typing' : '']
    const row = element('div', { class: `row ${bot ? 'bot' : 'user'}` })
    const style = bot ? view.botMessage : view.userMessage
    if (bot && style.showAvatar && style.avatarSrc) row.append(element('img', { src: style.avatarSrc, alt: '' }))
    const column = element('div', { class: 'bubble-col' })
    if (entry.images?.length) {
      const shown = element('div', { class: 'images', role: 'list', 'aria-label': 'Attached images' })
      for (const image of entry.images) {
        const item = element('span', { role: 'listitem' })
        item.append(element('img', { src: image.src, alt: image.name }))
        shown.append(item)
      }
      column.append(shown)
    }
    // A question of images alone shows them without an empty bubble.
    if (bot || entry.content || !entry.images?.length)
      column.append(element('div', { class: classes.filter(Boolean).join(' ') }, text))
    const done = entry.status === undefined && !entry.error
    if (bot && done && view.feedback && entry.messageId) column.append(thumbs(entry.messageId))
    row.append(column)
    return row
  }

  function draw() {
    const welcome: ChatEntry = { id: 'welcome', role: 'apiMessage', content: view.welcomeMessage }
    log.replaceChildren(messageNode(welcome), ...session.entries.map(messageNode))
    log.scrollTop = log.scrollHeight
    starters.hidden = session.entries.length > 0 || view.starterPrompts.length === 0 || Boolean(options.notice)
    promptButtons(followUps, session.busy ? [] : offeredFollowUps(session.entries), ask)
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

/**
 * The attach button for images, when the flow's chat model takes them: picked images are checked
 * with the server's rule (and words), listed under the question box, and sent with the next question.
 */
function imagePicker(uploads: UploadsConfig | undefined) {
  if (!uploads?.isImageUploadAllowed) return undefined
  const types = uploads.imgUploadSizeAndTypes.flatMap((rule) => rule.fileTypes)
  const picker = element('input', {
    type: 'file',
    accept: types.join(','),
    multiple: '',
    hidden: '',
    'aria-label': 'Images to attach',
  })
  const pending = element('div', { class: 'pending', role: 'list', 'aria-label': 'Attached images' })
  pending.hidden = true
  let picked: Upload[] = []
  const drawPending = (problem?: string) => {
    pending.replaceChildren(
      ...(problem ? [element('div', { class: 'notice', role: 'alert' }, problem)] : []),
      ...picked.map((upload, index) => {
        const item = element('span', { class: 'chip', role: 'listitem' }, upload.name)
        item.append(
          iconButton(`Remove ${upload.name}`, CLOSE_ICON, () => {
            picked = picked.filter((_, at) => at !== index)
            drawPending()
          }),
        )
        return item
      }),
    )
    pending.hidden = !problem && picked.length === 0
  }
  picker.addEventListener('change', () => {
    const files = [...(picker.files ?? [])]
    picker.value = ''
    const problems = files.flatMap(
      (file) => uploadProblem({ type: 'file', name: file.name, mime: file.type, bytes: file.size }, uploads) ?? [],
    )
    const taken = files.filter(
      (file) => !uploadProblem({ type: 'file', name: file.name, mime: file.type, bytes: file.size }, uploads),
    )
    void Promise.all(taken.map((file) => readUpload(file, file.name, 'file'))).then(
      (read) => {
        picked = [...picked, ...read]
        drawPending(problems[0])
      },
      (error: unknown) => drawPending(error instanceof Error ? error.message : String(error)),
    )
  })
  const button = iconButton('Attach images', ATTACH_ICON, () => picker.click())
  return {
    button,
    picker,
    pending,
    /** The images to send with the question; the list empties. */
    take: () => {
      const taken = picked
      picked = []
      drawPending()
      return taken
    },
  }
}
