import type { ChatbotConfig } from '../types/run.js'
import { starterPromptsOf } from './starter-prompts.js'

/** One side of the conversation as it is drawn. */
export interface MessageLook {
  backgroundColor: string
  textColor: string
  showAvatar: boolean
  avatarSrc?: string
}

/**
 * What a chatbot shows, every default filled in: the public chatbot page, the configuration
 * preview and the embedded widget draw this, so they cannot disagree.
 */
export interface ChatbotView {
  title: string
  titleAvatarSrc?: string
  titleBackgroundColor: string
  titleTextColor: string
  /** Shown as the chatbot's first message. */
  welcomeMessage: string
  /** Shown to the public instead of the real error of a failed answer, when the owner set one. */
  errorMessage?: string
  backgroundColor: string
  /** In pixels. */
  fontSize: number
  botMessage: MessageLook
  userMessage: MessageLook
  textInput: { placeholder: string; backgroundColor: string; textColor: string; sendButtonColor: string }
  starterPrompts: string[]
  /** "<text> <company>" under the chat; a relative `companyLink` is on the Weft server. */
  footer: { text: string; company: string; companyLink: string; textColor: string }
  /** Thumbs under answers. */
  feedback: boolean
  /** Contact details asked before the first question; absent when the chatbot asks none. */
  leads?: NonNullable<ChatbotConfig['leads']>
}

export const CHATBOT_DEFAULTS = {
  title: 'Chatbot',
  welcomeMessage: 'Hi there! How can I help?',
  placeholder: 'Type your question',
  fontSize: 16,
  backgroundColor: '#ffffff',
  titleBackgroundColor: '#3b81f6',
  titleTextColor: '#ffffff',
  botBackground: '#f7f8ff',
  botText: '#303235',
  userBackground: '#3b81f6',
  userText: '#ffffff',
  inputBackground: '#ffffff',
  inputText: '#303235',
  sendButtonColor: '#3b81f6',
  footerText: 'Powered by',
  footerCompany: 'Weft',
  footerLink: '/',
  footerTextColor: '#303235',
} as const

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

/** A colour for CSS (the widget writes a style sheet): anything but a plain colour gives `fallback`. */
export const chatbotColor = (value: unknown, fallback: string): string =>
  typeof value === 'string' && /^[#\w\s(),.%-]+$/.test(value.trim()) && value.trim() !== '' ? value.trim() : fallback

/** The font sizes, in pixels, a chatbot may use. */
export const CHATBOT_FONT_SIZES = { min: 8, max: 48 } as const

/** The font size of a stored value (a number, or Flowise's text of one), or undefined when unusable. */
export function chatbotFontSize(value: unknown): number | undefined {
  const size = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof size === 'number' &&
    Number.isFinite(size) &&
    size >= CHATBOT_FONT_SIZES.min &&
    size <= CHATBOT_FONT_SIZES.max
    ? size
    : undefined
}

/**
 * A link or image address the chatbot may use: a web address or a path on the Weft server, never
 * `javascript:` and the like; images may also be data URLs. Undefined when it is none of these.
 */
export function chatbotUrl(value: unknown, { image = false } = {}): string | undefined {
  const url = text(value)
  if (!url) return undefined
  if (url.startsWith('/') && !url.startsWith('//')) return url
  if (image && /^data:image\/[\w.+-]+;base64,/i.test(url)) return url
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:' ? url : undefined
  } catch {
    return undefined
  }
}

function messageLook(style: ChatbotConfig['botMessage'], background: string, textColor: string): MessageLook {
  const avatarSrc = chatbotUrl(style?.avatarSrc, { image: true })
  return {
    backgroundColor: chatbotColor(style?.backgroundColor, background),
    textColor: chatbotColor(style?.textColor, textColor),
    showAvatar: style?.showAvatar === true && avatarSrc !== undefined,
    ...(avatarSrc ? { avatarSrc } : {}),
  }
}

/**
 * The chatbot a stored config (Flowise's field names) shows. The title falls back to the flow's
 * name; every value that is missing, blank or unusable falls back to its default.
 */
export function chatbotView(config: ChatbotConfig, flowName?: string): ChatbotView {
  const D = CHATBOT_DEFAULTS
  const titleAvatarSrc = chatbotUrl(config.titleAvatarSrc, { image: true })
  const errorMessage = text(config.errorMessage)
  return {
    title: text(config.title) ?? text(flowName) ?? D.title,
    ...(titleAvatarSrc ? { titleAvatarSrc } : {}),
    titleBackgroundColor: chatbotColor(config.titleBackgroundColor, D.titleBackgroundColor),
    titleTextColor: chatbotColor(config.titleTextColor, D.titleTextColor),
    welcomeMessage: text(config.welcomeMessage) ?? D.welcomeMessage,
    ...(errorMessage ? { errorMessage } : {}),
    backgroundColor: chatbotColor(config.backgroundColor, D.backgroundColor),
    fontSize: chatbotFontSize(config.fontSize) ?? D.fontSize,
    botMessage: messageLook(config.botMessage, D.botBackground, D.botText),
    userMessage: messageLook(config.userMessage, D.userBackground, D.userText),
    textInput: {
      placeholder: text(config.textInput?.placeholder) ?? D.placeholder,
      backgroundColor: chatbotColor(config.textInput?.backgroundColor, D.inputBackground),
      textColor: chatbotColor(config.textInput?.textColor, D.inputText),
      sendButtonColor: chatbotColor(config.textInput?.sendButtonColor, D.sendButtonColor),
    },
    starterPrompts: starterPromptsOf(config.starterPrompts),
    footer: {
      text: text(config.footer?.text) ?? D.footerText,
      company: text(config.footer?.company) ?? D.footerCompany,
      companyLink: chatbotUrl(config.footer?.companyLink) ?? D.footerLink,
      textColor: chatbotColor(config.poweredByTextColor, D.footerTextColor),
    },
    feedback: config.chatFeedback?.status === true,
    ...(config.leads?.status === true ? { leads: config.leads } : {}),
  }
}
