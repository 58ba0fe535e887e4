import { mountFull, mountPopup } from './mount'
import type { ChatbotOptions, ChatHandle, FullChatbotOptions } from './options'

export type { BubbleTheme, ChatbotOptions, ChatHandle, FullChatbotOptions, WidgetTheme } from './options'

/** Puts a chat bubble in the corner of the page; it opens the flow's chat in a window. */
export function init(options: ChatbotOptions): ChatHandle {
  return mountPopup(options)
}

/** Fills `element`, or the page's first `<weft-fullchatbot>`, with the flow's chat. */
export function initFull(options: FullChatbotOptions): ChatHandle {
  const target = options.element ?? document.querySelector<HTMLElement>('weft-fullchatbot')
  if (!target) throw new Error('Chatbot.initFull: no element given and no <weft-fullchatbot> on the page')
  return mountFull(options, target)
}

/** `import Chatbot from '<weft>/embed.js'`, as chat widgets are used. */
const Chatbot = { init, initFull }
export default Chatbot
