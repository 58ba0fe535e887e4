import {
  readOverrideSetting,
  toOrigin,
  type ApiConfig,
  type ChatbotConfig,
  type OverrideConfigSetting,
} from '@weft/core'

const parseObject = (text: string | null): Record<string, unknown> => {
  if (!text) return {}
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

/** The stored chatbot config, or an empty one; the routes refuse bad text, so this only guards old rows. */
export const readChatbotConfig = (text: string | null): ChatbotConfig => parseObject(text) as ChatbotConfig

/** The origins a browser may call the flow from, as browsers write them; empty means any. */
export function allowedOrigins(config: ChatbotConfig): string[] {
  const list: unknown[] = Array.isArray(config.allowedOrigins) ? config.allowedOrigins : []
  return list.flatMap((text) => {
    const origin = typeof text === 'string' ? toOrigin(text) : undefined
    return origin ? [origin] : []
  })
}

export interface RateLimitRule {
  max: number
  windowMs: number
  message: string
}

export const DEFAULT_RATE_LIMIT_MESSAGE = 'Too many requests, please try again later.'

/**
 * The flow's rate limit when it is switched on. Numbers may arrive as text (flows exported from
 * Flowise store them so); a rule without a usable number is off.
 */
export function readRateLimit(text: string | null): RateLimitRule | undefined {
  const rule = parseObject(text).rateLimit as
    Partial<Record<keyof NonNullable<ApiConfig['rateLimit']>, unknown>> | undefined
  if (!rule || rule.status !== true) return undefined
  const max = Number(rule.limitMax)
  const seconds = Number(rule.limitDuration)
  if (!Number.isFinite(max) || max < 1 || !Number.isFinite(seconds) || seconds < 1) return undefined
  const message = typeof rule.limitMsg === 'string' && rule.limitMsg.trim() ? rule.limitMsg : DEFAULT_RATE_LIMIT_MESSAGE
  return { max: Math.trunc(max), windowMs: Math.trunc(seconds * 1000), message }
}

/** What API callers may override on the flow; off unless its stored `apiConfig` switches it on. */
export const readOverrideConfig = (text: string | null): OverrideConfigSetting => readOverrideSetting(parseObject(text))
