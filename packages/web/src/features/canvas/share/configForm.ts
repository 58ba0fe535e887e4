import {
  CHATBOT_DEFAULTS,
  CHATBOT_FONT_SIZES,
  chatbotFontSize,
  chatbotUrl,
  isFollowUpPromptsOn,
  readOverrideSetting,
  starterPromptsOf,
  storedStarterPrompts,
  toOrigin,
  type ApiConfig,
  type ChatbotConfig,
  type Flow,
  type FlowAnalytic,
  type FlowData,
  type OverrideConfigSetting,
} from '@weft/core'
import type { FlowConfigUpdate } from '../../../api/flowConfig'
import {
  runSettingsConfig,
  runSettingsOf,
  speechToTextOf,
  validateRunSettings,
  type RunSettingsForm,
} from './runSettings'
import { analyticFormOf, analyticUpdate } from './analyticForm'
import { withoutLocked } from './overrideChoices'

/** What the configuration dialog edits; numbers stay text until saved so a half-typed value is kept. */
export interface ConfigForm extends RunSettingsForm {
  isPublic: boolean
  title: string
  welcomeMessage: string
  botBackground: string
  botText: string
  userBackground: string
  userText: string
  sendButtonColor: string
  starterPrompts: string[]
  titleAvatarSrc: string
  backgroundColor: string
  fontSize: string
  poweredByTextColor: string
  footerText: string
  placeholder: string
  /** Thumbs under answers (`chatbotConfig.chatFeedback.status`). */
  feedbackOn: boolean
  /** Questions offered after each answer (the flow's `followUpPrompts` setting). */
  followUpPromptsOn: boolean
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
  /** Where runs are traced, by provider (the flow's `analytic`, Flowise's shape). */
  analytic: FlowAnalytic
}

/** Field → message; origins are named by their row: `allowedOrigins.2`. */
export type ConfigErrors = Partial<Record<string, string>>

// The pickers start at the colours the chatbot shows when none is set (core's defaults).
export const DEFAULT_COLORS = {
  botBackground: CHATBOT_DEFAULTS.botBackground,
  botText: CHATBOT_DEFAULTS.botText,
  userBackground: CHATBOT_DEFAULTS.userBackground,
  userText: CHATBOT_DEFAULTS.userText,
  sendButtonColor: CHATBOT_DEFAULTS.sendButtonColor,
  backgroundColor: CHATBOT_DEFAULTS.backgroundColor,
  poweredByTextColor: CHATBOT_DEFAULTS.footerTextColor,
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
    starterPrompts: starterPromptsOf(chatbot.starterPrompts),
    titleAvatarSrc: chatbot.titleAvatarSrc ?? '',
    backgroundColor: chatbot.backgroundColor ?? DEFAULT_COLORS.backgroundColor,
    fontSize: chatbot.fontSize === undefined ? '' : String(chatbot.fontSize),
    poweredByTextColor: chatbot.poweredByTextColor ?? DEFAULT_COLORS.poweredByTextColor,
    footerText: chatbot.footer?.text ?? '',
    placeholder: chatbot.textInput?.placeholder ?? '',
    feedbackOn: chatbot.chatFeedback?.status === true,
    followUpPromptsOn: isFollowUpPromptsOn(flow.followUpPrompts),
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
    ...runSettingsOf(chatbot, flow.speechToText),
    analytic: analyticFormOf(flow),
  }
}

const isWholeNumber = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1

/** The fields of the Chatbot tab that can be wrong, so a refused save opens that tab. */
export const CHATBOT_FIELDS = ['titleAvatarSrc', 'fontSize']

export function validateConfigForm(form: ConfigForm): ConfigErrors {
  const errors: ConfigErrors = {}
  if (form.titleAvatarSrc.trim() !== '' && !chatbotUrl(form.titleAvatarSrc, { image: true }))
    errors.titleAvatarSrc = 'Enter an image address starting with https:// or http://'
  if (form.fontSize.trim() !== '' && chatbotFontSize(form.fontSize) === undefined)
    errors.fontSize = `Enter a size from ${CHATBOT_FONT_SIZES.min} to ${CHATBOT_FONT_SIZES.max} pixels`
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
  Object.assign(errors, validateRunSettings(form))
  return errors
}

// Empty texts are left out, so the chatbot falls back to its defaults instead of showing blanks.
const text = (value: string) => (value.trim() === '' ? undefined : value.trim())

/**
 * The chatbot config the form stands for, over the stored one: fields the dialog does not edit (bot
 * avatar, footer company, …) are kept as they were. Starter prompts are stored in Flowise's shape.
 * The preview shows this, so it shows what saving would store.
 */
export function chatbotConfigOf(form: ConfigForm, stored: ChatbotConfig): ChatbotConfig {
  return {
    ...stored,
    title: text(form.title),
    titleAvatarSrc: text(form.titleAvatarSrc),
    welcomeMessage: text(form.welcomeMessage),
    backgroundColor: form.backgroundColor,
    fontSize: chatbotFontSize(form.fontSize),
    poweredByTextColor: form.poweredByTextColor,
    botMessage: { ...stored.botMessage, backgroundColor: form.botBackground, textColor: form.botText },
    userMessage: { ...stored.userMessage, backgroundColor: form.userBackground, textColor: form.userText },
    textInput: { ...stored.textInput, sendButtonColor: form.sendButtonColor, placeholder: text(form.placeholder) },
    starterPrompts: storedStarterPrompts(form.starterPrompts),
    footer: { ...stored.footer, text: text(form.footerText) },
    chatFeedback: { status: form.feedbackOn },
  }
}

/** The PUT body of a valid form. */
export function toFlowConfigUpdate(form: ConfigForm, flow: Flow): FlowConfigUpdate {
  const stored = parseConfig<ChatbotConfig>(flow.chatbotConfig)
  const chatbot: ChatbotConfig = {
    ...chatbotConfigOf(form, stored),
    ...runSettingsConfig(form, stored),
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
    speechToText: speechToTextOf(form, flow.speechToText),
    ...analyticUpdate(form.analytic, flow),
    // Left out while it is off and nothing was ever stored; otherwise Flowise's shape, its other fields kept.
    ...(flow.followUpPrompts || form.followUpPromptsOn
      ? {
          followUpPrompts: JSON.stringify({
            ...parseConfig<Record<string, unknown>>(flow.followUpPrompts ?? null),
            status: form.followUpPromptsOn,
          }),
        }
      : {}),
  }
}
