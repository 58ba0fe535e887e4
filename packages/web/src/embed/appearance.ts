import { chatbotColor, chatbotView, type ChatbotConfig, type ChatbotView } from '@weft/core'
import type { WidgetTheme } from './options'

/** What the widget draws: the chatbot's view (core's rules, as the chatbot page) plus the widget's own frame. */
export interface Appearance {
  view: ChatbotView
  width: number
  height: number
  button: Required<NonNullable<WidgetTheme['button']>>
}

const pixels = (value: number | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback

/** The flow's chatbot config, overridden by what the embedding page set in `theme`. */
export function resolveAppearance(config: ChatbotConfig, flowName?: string, theme: WidgetTheme = {}): Appearance {
  const chat = { ...config, ...theme.chatWindow }
  const view = chatbotView(chat, flowName)
  return {
    view,
    width: pixels(chat.width, 400),
    height: pixels(chat.height, 600),
    button: {
      backgroundColor: chatbotColor(theme.button?.backgroundColor, view.titleBackgroundColor),
      iconColor: chatbotColor(theme.button?.iconColor, '#ffffff'),
      right: pixels(theme.button?.right, 20),
      bottom: pixels(theme.button?.bottom, 20),
      size: pixels(theme.button?.size, 56),
    },
  }
}
