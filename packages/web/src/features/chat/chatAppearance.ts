import type { ChatbotConfig } from '@weft/core'

/**
 * The parts of a chatbot's configuration that dress the conversation; `errorMessage` replaces the
 * real error for the public, while the canvas shows the builder what actually failed.
 */
export type ChatAppearance = Pick<
  ChatbotConfig,
  'botMessage' | 'userMessage' | 'textInput' | 'fontSize' | 'errorMessage'
>

/** A flow's stored `chatbotConfig` text as an object; empty when absent or unreadable. */
export function parseChatbotConfig(text: string | null | undefined): ChatbotConfig {
  if (!text) return {}
  try {
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as ChatbotConfig) : {}
  } catch {
    return {}
  }
}
