import {
  allowedFileTypes,
  FILE_MAX_MB_LIMIT,
  fileMaxMb,
  postProcessingCode,
  SPEECH_TO_TEXT_PROVIDERS,
  toPostProcessingSetting,
  type ChatbotConfig,
  type SpeechToTextProvider,
} from '@weft/core'

// The configuration dialog's settings that act on a run: file upload, speech to text and
// post-processing. They are read from and written to the flow in Flowise's shapes.

export interface RunSettingsForm {
  fileUploadOn: boolean
  fileTypes: string[]
  /** Text until saved, so a half-typed number is kept. */
  fileMaxMb: string
  speechOn: boolean
  speechProvider: SpeechToTextProvider
  speechCredentialId: string
  speechModel: string
  speechLanguage: string
  speechBaseUrl: string
  postProcessingOn: boolean
  postProcessingCode: string
}

/** The tab that shows each field that can be wrong, so a refused save opens where the problem is. */
export const RUN_SETTING_TABS = {
  fileTypes: 'fileUpload',
  fileMaxMb: 'fileUpload',
  speechCredentialId: 'speechToText',
  speechBaseUrl: 'speechToText',
  postProcessingCode: 'postProcessing',
} as const satisfies Partial<Record<keyof RunSettingsForm, string>>

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function storedProviders(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {}
  try {
    const value: unknown = JSON.parse(text)
    return isObject(value) ? value : {}
  } catch {
    return {}
  }
}

const isProvider = (name: string): name is SpeechToTextProvider => Object.hasOwn(SPEECH_TO_TEXT_PROVIDERS, name)
const textOf = (value: unknown) => (typeof value === 'string' ? value : '')

/** The provider the form shows: the one switched on, else the last one set up, else OpenAI. */
function shownProvider(providers: Record<string, unknown>): SpeechToTextProvider {
  const names = Object.keys(providers).filter(isProvider)
  const on = names.find((name) => isObject(providers[name]) && providers[name].status === true)
  return on ?? names[0] ?? 'openAIWhisper'
}

export function runSettingsOf(chatbot: ChatbotConfig, speechToText: string | null | undefined): RunSettingsForm {
  const upload = chatbot.fullFileUpload
  const providers = storedProviders(speechToText)
  const provider = shownProvider(providers)
  const entry = isObject(providers[provider]) ? providers[provider] : {}
  const types = allowedFileTypes(upload)
  return {
    fileUploadOn: upload?.status === true,
    fileTypes: types.length > 0 ? types : ['text/plain'],
    fileMaxMb: String(fileMaxMb(upload)),
    speechOn: entry.status === true,
    speechProvider: provider,
    speechCredentialId: textOf(entry.credentialId),
    speechModel: textOf(entry.model),
    speechLanguage: textOf(entry.language),
    speechBaseUrl: textOf(entry.baseUrl),
    postProcessingOn: chatbot.postProcessing?.enabled === true,
    postProcessingCode: postProcessingCode(chatbot.postProcessing),
  }
}

const isMaxMb = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= FILE_MAX_MB_LIMIT

const isHttpUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text.trim()).protocol)
  } catch {
    return false
  }
}

export function validateRunSettings(form: RunSettingsForm): Partial<Record<keyof RunSettingsForm, string>> {
  const errors: Partial<Record<keyof RunSettingsForm, string>> = {}
  if (form.fileUploadOn) {
    if (form.fileTypes.length === 0) errors.fileTypes = 'Choose at least one type of file'
    if (!isMaxMb(form.fileMaxMb)) errors.fileMaxMb = `Enter a whole number of MB from 1 to ${FILE_MAX_MB_LIMIT}`
  }
  if (form.speechOn && form.speechProvider === 'openAIWhisper' && !form.speechCredentialId)
    errors.speechCredentialId = 'Choose the OpenAI credential to transcribe with'
  if (form.speechOn && SPEECH_TO_TEXT_PROVIDERS[form.speechProvider].needsBaseUrl && !isHttpUrl(form.speechBaseUrl))
    errors.speechBaseUrl = "Enter the server's address, like http://localhost:8080/v1"
  if (form.postProcessingOn && form.postProcessingCode.trim() === '')
    errors.postProcessingCode = 'Write the function, or switch post-processing off'
  return errors
}

/**
 * The chatbot config fields of the form, over the stored ones. A setting switched off keeps what
 * was chosen, so switching it back on restores it; one never used stays out of the config.
 */
export function runSettingsConfig(
  form: RunSettingsForm,
  stored: ChatbotConfig,
): Pick<ChatbotConfig, 'fullFileUpload' | 'postProcessing'> {
  const keepUpload = stored.fullFileUpload !== undefined || form.fileUploadOn
  const keepFunction =
    stored.postProcessing !== undefined || form.postProcessingOn || form.postProcessingCode.trim() !== ''
  return {
    fullFileUpload: keepUpload
      ? {
          ...stored.fullFileUpload,
          status: form.fileUploadOn,
          allowedUploadFileTypes: form.fileTypes.join(','),
          maxUploadSize: fileMaxMb({ status: form.fileUploadOn, maxUploadSize: Number(form.fileMaxMb) }),
        }
      : undefined,
    postProcessing: keepFunction ? toPostProcessingSetting(form.postProcessingOn, form.postProcessingCode) : undefined,
  }
}

/**
 * The flow's `speechToText` text for the form, in Flowise's shape: the chosen provider on or off,
 * every other one off. Undefined (left as it is) while it is off and was never set up.
 */
export function speechToTextOf(form: RunSettingsForm, stored: string | null | undefined): string | undefined {
  const providers = storedProviders(stored)
  if (!stored && !form.speechOn) return undefined
  const others = Object.fromEntries(
    Object.entries(providers).map(([name, entry]) => [name, { ...(isObject(entry) ? entry : {}), status: false }]),
  )
  const previous = isObject(providers[form.speechProvider]) ? providers[form.speechProvider] : {}
  const trimmed = (text: string) => (text.trim() === '' ? undefined : text.trim())
  return JSON.stringify({
    ...others,
    [form.speechProvider]: {
      ...(previous as Record<string, unknown>),
      status: form.speechOn,
      credentialId: form.speechCredentialId || undefined,
      model: trimmed(form.speechModel),
      language: trimmed(form.speechLanguage),
      baseUrl: SPEECH_TO_TEXT_PROVIDERS[form.speechProvider].needsBaseUrl ? trimmed(form.speechBaseUrl) : undefined,
    },
  })
}
