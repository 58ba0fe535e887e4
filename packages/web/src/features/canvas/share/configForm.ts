import {
  readOverrideSetting,
  toOrigin,
  type ApiConfig,
  type ChatbotConfig,
  type Flow,
  type FlowData,
  type OverrideConfigSetting,
} from '@weft/core'
import type { FlowConfigUpdate } from '../../../api/flowConfig'
import { withoutLocked } from './overrideChoices'

/** What the configuration dialog edits; numbers stay text until saved so a half-typed value is kept. */
export interface ConfigForm {
  isPublic: boolean
  title: string
  welcomeMessage: string
  botBackground: string
  botText: string
  userBackground: string
  userText: string
  sendButtonColor: string
  starterPrompts: string[]
  allowedOrigins: string[]
  rateLimited: boolean
  limitMax: string
  limitDuration: string
  limitMsg: string
  apikeyid: string | null
  leadsOn: boolean
  leadsTitle: string
  leadsName: boolean
  leadsEmail: boolean
  leadsPhone: boolean
  leadsSuccessMessage: string
  /** What API callers may override, in the stored (Flowise) shape. */
  overrides: OverrideConfigSetting
}

/** Field → message; origins are named by their row: `allowedOrigins.2`. */
export type ConfigErrors = Partial<Record<string, string>>

export const DEFAULT_COLORS = {
  botBackground: '#f7f8ff',
  botText: '#303235',
  userBackground: '#3b81f6',
  userText: '#ffffff',
  sendButtonColor: '#3b81f6',
}

export const DEFAULT_LIMIT_MESSAGE = 'You have reached the quota. Please try again later.'

/** The stored JSON text, or an empty object when there is none or it is not an object. */
export function parseConfig<T extends object>(text: string | null): Partial<T> {
  if (!text) return {}
  try {
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Partial<T>) : {}
  } catch {
    return {}
  }
}

export function configFormOf(flow: Flow): ConfigForm {
  const chatbot = parseConfig<ChatbotConfig>(flow.chatbotConfig)
  const rateLimit = parseConfig<ApiConfig>(flow.apiConfig).rateLimit
  const leads = chatbot.leads
  return {
    isPublic: flow.isPublic,
    title: chatbot.title ?? '',
    welcomeMessage: chatbot.welcomeMessage ?? '',
    botBackground: chatbot.botMessage?.backgroundColor ?? DEFAULT_COLORS.botBackground,
    botText: chatbot.botMessage?.textColor ?? DEFAULT_COLORS.botText,
    userBackground: chatbot.userMessage?.backgroundColor ?? DEFAULT_COLORS.userBackground,
    userText: chatbot.userMessage?.textColor ?? DEFAULT_COLORS.userText,
    sendButtonColor: chatbot.textInput?.sendButtonColor ?? DEFAULT_COLORS.sendButtonColor,
    starterPrompts: chatbot.starterPrompts ?? [],
    allowedOrigins: chatbot.allowedOrigins ?? [],
    rateLimited: rateLimit?.status ?? false,
    limitMax: rateLimit ? String(rateLimit.limitMax) : '',
    limitDuration: rateLimit ? String(rateLimit.limitDuration) : '',
    limitMsg: rateLimit?.limitMsg ?? '',
    apikeyid: flow.apikeyid ?? null,
    leadsOn: leads?.status ?? false,
    leadsTitle: leads?.title ?? '',
    leadsName: leads?.name ?? false,
    leadsEmail: leads?.email ?? false,
    leadsPhone: leads?.phone ?? false,
    leadsSuccessMessage: leads?.successMessage ?? '',
    overrides: readOverrideSetting(parseConfig<ApiConfig>(flow.apiConfig)),
  }
}

const isWholeNumber = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1

export function validateConfigForm(form: ConfigForm): ConfigErrors {
  const errors: ConfigErrors = {}
  form.allowedOrigins.forEach((origin, index) => {
    if (origin.trim() !== '' && !toOrigin(origin))
      errors[`allowedOrigins.${index}`] = 'Enter an origin like https://example.com, without a path'
  })
  if (form.rateLimited) {
    if (!isWholeNumber(form.limitMax)) errors.limitMax = 'Enter a whole number of requests, 1 or more'
    if (!isWholeNumber(form.limitDuration)) errors.limitDuration = 'Enter a whole number of seconds, 1 or more'
  }
  if (form.leadsOn && !form.leadsName && !form.leadsEmail && !form.leadsPhone)
    errors.leads = 'Choose at least one thing to ask for'
  return errors
}

// Empty texts are left out, so the chatbot falls back to its defaults instead of showing blanks.
const text = (value: string) => (value.trim() === '' ? undefined : value.trim())

/**
 * The PUT body of a valid form. Fields of the stored chatbot config that the dialog does not edit
 * (avatar, font size, …) are kept as they were.
 */
export function toFlowConfigUpdate(form: ConfigForm, flow: Flow): FlowConfigUpdate {
  const stored = parseConfig<ChatbotConfig>(flow.chatbotConfig)
  const chatbot: ChatbotConfig = {
    ...stored,
    title: text(form.title),
    welcomeMessage: text(form.welcomeMessage),
    botMessage: { ...stored.botMessage, backgroundColor: form.botBackground, textColor: form.botText },
    userMessage: { ...stored.userMessage, backgroundColor: form.userBackground, textColor: form.userText },
    textInput: { ...stored.textInput, sendButtonColor: form.sendButtonColor },
    starterPrompts: form.starterPrompts.map((prompt) => prompt.trim()).filter(Boolean),
    allowedOrigins: form.allowedOrigins.map(toOrigin).filter((origin): origin is string => origin !== undefined),
    leads: {
      status: form.leadsOn,
      title: text(form.leadsTitle),
      name: form.leadsName,
      email: form.leadsEmail,
      phone: form.leadsPhone,
      successMessage: text(form.leadsSuccessMessage),
    },
  }
  const storedApi = parseConfig<ApiConfig>(flow.apiConfig)
  const apiConfig: ApiConfig = {
    ...storedApi,
    // Left out while it is off and nothing was ever stored, so a flow that never had it stays as it was.
    overrideConfig:
      storedApi.overrideConfig || form.overrides.status
        ? withoutLocked(form.overrides, parseConfig<FlowData>(flow.flowData))
        : undefined,
    // A limit switched off keeps its numbers, so switching it back on restores them.
    rateLimit:
      form.rateLimited || (isWholeNumber(form.limitMax) && isWholeNumber(form.limitDuration))
        ? {
            status: form.rateLimited,
            limitMax: Number(form.limitMax),
            limitDuration: Number(form.limitDuration),
            limitMsg: text(form.limitMsg) ?? DEFAULT_LIMIT_MESSAGE,
          }
        : undefined,
  }
  return {
    isPublic: form.isPublic,
    chatbotConfig: JSON.stringify(chatbot),
    apiConfig: JSON.stringify(apiConfig),
    apikeyid: form.apikeyid,
  }
}
