import type { ChatbotConfig } from '@weft/core'
import type { WidgetTheme } from './options'

/** Everything the chat window shows and colours, with the widget's defaults filled in. */
export interface Appearance {
  title: string
  welcomeMessage: string
  starterPrompts: string[]
  placeholder: string
  width: number
  height: number
  colors: Record<'background' | 'botBg' | 'botText' | 'userBg' | 'userText' | 'inputBg' | 'inputText' | 'send', string>
  fontSize: number
  button: Required<NonNullable<WidgetTheme['button']>>
}

// Values go into the widget's CSS: anything but a plain colour or number falls back to the default.
const color = (value: string | undefined, fallback: string) =>
  value && /^[#\w\s(),.%-]+$/.test(value) ? value : fallback
const pixels = (value: number | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback

/** The flow's chatbot config, overridden by what the embedding page set in `theme`. */
export function resolveAppearance(config: ChatbotConfig, theme: WidgetTheme = {}): Appearance {
  const chat = { ...config, ...theme.chatWindow }
  return {
    title: chat.title ?? 'Chat',
    welcomeMessage: chat.welcomeMessage ?? '',
    starterPrompts: (chat.starterPrompts ?? []).filter((prompt) => prompt.trim() !== ''),
    placeholder: chat.textInput?.placeholder ?? 'Type your question',
    width: pixels(chat.width, 400),
    height: pixels(chat.height, 600),
    fontSize: pixels(chat.fontSize, 15),
    colors: {
      background: color(chat.backgroundColor, '#ffffff'),
      botBg: color(chat.botMessage?.backgroundColor, '#f7f8ff'),
      botText: color(chat.botMessage?.textColor, '#303235'),
      userBg: color(chat.userMessage?.backgroundColor, '#3b81f6'),
      userText: color(chat.userMessage?.textColor, '#ffffff'),
      inputBg: color(chat.textInput?.backgroundColor, '#ffffff'),
      inputText: color(chat.textInput?.textColor, '#303235'),
      send: color(chat.textInput?.sendButtonColor, '#3b81f6'),
    },
    button: {
      backgroundColor: color(theme.button?.backgroundColor ?? chat.userMessage?.backgroundColor, '#3b81f6'),
      iconColor: color(theme.button?.iconColor, '#ffffff'),
      right: pixels(theme.button?.right, 20),
      bottom: pixels(theme.button?.bottom, 20),
      size: pixels(theme.button?.size, 56),
    },
  }
}
