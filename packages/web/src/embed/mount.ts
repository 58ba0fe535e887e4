import type { UploadsConfig } from '@weft/core'
import { fetchChatbotSetup } from './api'
import { resolveAppearance, type Appearance } from './appearance'
import { createChatSession } from './chatSession'
import { createChatView } from './chatView'
import { CHAT_ICON } from './icons'
import type { ChatbotOptions, ChatHandle } from './options'
import { widgetStyles } from './styles'

/** A host element with its own shadow root and the widget's styles inside. */
function shadowHost(parent: HTMLElement, look: Appearance, hostStyle: string) {
  const host = document.createElement('div')
  host.setAttribute('style', hostStyle)
  const shadow = host.attachShadow({ mode: 'open' })
  const style = document.createElement('style')
  style.textContent = widgetStyles(look)
  shadow.append(style)
  parent.append(host)
  return { host, shadow }
}

/**
 * Loads the flow's chatbot config and name, then draws with `draw` (with a notice instead of the
 * question box when the chat cannot be used); the handle works before the drawing is done, so a
 * page that removes the chat at once leaves nothing behind.
 */
function mountAfterConfig(
  options: ChatbotOptions,
  draw: (look: Appearance, notice: string | undefined, uploads?: UploadsConfig) => () => void,
): ChatHandle {
  let removed = false
  let remove: (() => void) | undefined
  void fetchChatbotSetup(options.apiHost, options.chatflowid).then((setup) => {
    if (removed) return
    remove =
      'problem' in setup
        ? draw(resolveAppearance({}, undefined, options.theme), setup.problem)
        : draw(resolveAppearance(setup.config, setup.flowName, options.theme), undefined, setup.config.uploads)
  })
  return {
    destroy() {
      removed = true
      remove?.()
    },
  }
}

const sessionOf = (options: ChatbotOptions) =>
  createChatSession({
    apiHost: options.apiHost,
    chatflowid: options.chatflowid,
    ...(options.chatflowConfig ? { overrideConfig: options.chatflowConfig } : {}),
  })

/** A chat that fills `target`. */
export function mountFull(options: ChatbotOptions, target: HTMLElement): ChatHandle {
  return mountAfterConfig(options, (look, notice, uploads) => {
    const { host, shadow } = shadowHost(target, look, 'display:block;height:100%;width:100%')
    const view = createChatView(sessionOf(options), look.view, { apiHost: options.apiHost, notice, uploads })
    shadow.append(view.element)
    return () => {
      view.destroy()
      host.remove()
    }
  })
}

/** A floating button in the page's corner that opens and closes a chat window. */
export function mountPopup(options: ChatbotOptions): ChatHandle {
  return mountAfterConfig(options, (look, notice, uploads) => {
    const { host, shadow } = shadowHost(document.body, look, '')
    const frame = document.createElement('div')
    frame.className = 'popup'
    frame.hidden = true
    const bubble = document.createElement('button')
    bubble.className = 'bubble'
    bubble.type = 'button'
    bubble.innerHTML = CHAT_ICON
    const toggle = (open: boolean) => {
      frame.hidden = !open
      bubble.setAttribute('aria-label', open ? 'Hide chat' : 'Open chat')
      bubble.setAttribute('aria-expanded', String(open))
      if (open) view.focus()
    }
    const view = createChatView(sessionOf(options), look.view, {
      apiHost: options.apiHost,
      notice,
      uploads,
      onClose: () => toggle(false),
    })
    frame.append(view.element)
    bubble.addEventListener('click', () => toggle(frame.hidden))
    frame.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') toggle(false)
    })
    shadow.append(frame, bubble)
    toggle(false)
    return () => {
      view.destroy()
      host.remove()
    }
  })
}
