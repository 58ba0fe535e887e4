import type { ChatbotConfig } from '@weft/core'

/** The floating button of the popup chat. */
export interface BubbleTheme {
  backgroundColor?: string
  iconColor?: string
  /** Distance from the right edge of the page, in pixels. */
  right?: number
  /** Distance from the bottom of the page, in pixels. */
  bottom?: number
  /** Diameter in pixels. */
  size?: number
}

/** What the page that embeds the chat may change; the flow's own chatbot config comes first, this overrides it. */
export interface WidgetTheme {
  button?: BubbleTheme
  chatWindow?: ChatbotConfig & { width?: number; height?: number }
}

export interface ChatbotOptions {
  chatflowid: string
  /** Where Weft answers, e.g. `https://weft.example.com`. */
  apiHost: string
  theme?: WidgetTheme
  /** Node inputs to use for every question (the prediction's `overrideConfig`). */
  chatflowConfig?: Record<string, unknown>
}

export interface FullChatbotOptions extends ChatbotOptions {
  /** Where the chat goes; the page's first `<weft-fullchatbot>` element when not given. */
  element?: HTMLElement | null
}

/** What `init` and `initFull` give back, to take the chat off the page again. */
export interface ChatHandle {
  destroy: () => void
}
