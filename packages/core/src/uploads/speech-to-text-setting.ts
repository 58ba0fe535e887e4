// A flow's speech to text, stored as Flowise stores it: JSON text of providers by name, the one
// with `status: true` in use, e.g. {"openAIWhisper":{"status":true,"credentialId":"…","language":"en"}}.
// Weft speaks to servers with OpenAI's transcription endpoint (POST <base URL>/audio/transcriptions):
// OpenAI itself, and any compatible server (Flowise's LocalAI provider) at the owner's base URL.

export const SPEECH_TO_TEXT_PROVIDERS = {
  openAIWhisper: { label: 'OpenAI Whisper', credentialNames: ['openAIApi'], needsBaseUrl: false },
  localAISTT: {
    label: 'OpenAI-compatible server',
    credentialNames: ['openAICompatibleApi', 'openAIApi'],
    needsBaseUrl: true,
  },
} as const

export type SpeechToTextProvider = keyof typeof SPEECH_TO_TEXT_PROVIDERS

export const OPENAI_BASE_URL = 'https://api.openai.com/v1'
export const DEFAULT_TRANSCRIPTION_MODEL = 'whisper-1'

/** The provider in use and its settings. */
export interface SpeechToTextSetting {
  provider: SpeechToTextProvider
  /** Required for OpenAI; optional for a compatible server that takes no key. */
  credentialId?: string
  /** A compatible server's base URL, e.g. http://localhost:8080/v1. */
  baseUrl?: string
  model: string
  language?: string
  prompt?: string
  temperature?: number
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

const isProvider = (name: string): name is SpeechToTextProvider => Object.hasOwn(SPEECH_TO_TEXT_PROVIDERS, name)

const parse = (stored: string | null | undefined): Record<string, unknown> => {
  if (!stored) return {}
  try {
    const value: unknown = JSON.parse(stored)
    return isObject(value) ? value : {}
  } catch {
    return {}
  }
}

/** The name of the provider switched on (Flowise's "none" switches all off), or undefined. */
function activeName(providers: Record<string, unknown>): string | undefined {
  return Object.keys(providers).find(
    (name) => name !== 'none' && isObject(providers[name]) && providers[name].status === true,
  )
}

/** True when the flow's stored speech to text has a provider switched on. */
export const isSpeechToTextOn = (stored: string | null | undefined): boolean => activeName(parse(stored)) !== undefined

/**
 * The provider in use and its settings, or undefined when speech to text is off. A provider Weft
 * does not speak to answers `{ unsupported: name }`, so the caller can say which one it is.
 */
export function readSpeechToText(
  stored: string | null | undefined,
): SpeechToTextSetting | { unsupported: string } | undefined {
  const providers = parse(stored)
  const name = activeName(providers)
  if (name === undefined) return undefined
  if (!isProvider(name)) return { unsupported: name }
  const entry = providers[name] as Record<string, unknown>
  const temperature = Number(entry.temperature)
  return {
    provider: name,
    credentialId: text(entry.credentialId),
    baseUrl: text(entry.baseUrl),
    model: text(entry.model) ?? DEFAULT_TRANSCRIPTION_MODEL,
    language: text(entry.language),
    prompt: text(entry.prompt),
    temperature:
      entry.temperature !== undefined && entry.temperature !== '' && Number.isFinite(temperature)
        ? temperature
        : undefined,
  }
}

/** Where audio is sent: `<base URL>/audio/transcriptions`. */
export function transcriptionUrl(setting: SpeechToTextSetting): string {
  const base = setting.provider === 'openAIWhisper' ? OPENAI_BASE_URL : (setting.baseUrl ?? '')
  return `${base.replace(/\/+$/, '')}/audio/transcriptions`
}

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * What is wrong with speech to text settings sent to be saved (the parsed JSON), naming the
 * field; undefined when they can be used. Only one provider may be on, and it must be one Weft
 * speaks to, with what it needs.
 */
export function speechToTextProblem(providers: unknown): string | undefined {
  if (!isObject(providers)) return 'must be an object of providers by name'
  const on: string[] = []
  for (const [name, entry] of Object.entries(providers)) {
    if (!isObject(entry)) return `${name} must be an object`
    if (entry.status !== undefined && typeof entry.status !== 'boolean') return `${name}.status must be true or false`
    if (entry.status === true && name !== 'none') on.push(name)
  }
  if (on.length > 1) return `only one provider may be on, not ${on.join(' and ')}`
  const name = on[0]
  if (name === undefined) return undefined
  if (!isProvider(name)) {
    return `${name} is not a provider Weft can use; choose ${Object.keys(SPEECH_TO_TEXT_PROVIDERS).join(' or ')}`
  }
  const entry = providers[name] as Record<string, unknown>
  for (const field of ['credentialId', 'baseUrl', 'model', 'language', 'prompt']) {
    if (entry[field] !== undefined && typeof entry[field] !== 'string') return `${name}.${field} must be text`
  }
  if (name === 'openAIWhisper' && !text(entry.credentialId)) return `${name}.credentialId: choose an OpenAI credential`
  if (SPEECH_TO_TEXT_PROVIDERS[name].needsBaseUrl && !isHttpUrl(text(entry.baseUrl) ?? ''))
    return `${name}.baseUrl must be an http or https address, e.g. http://localhost:8080/v1`
  const temperature = entry.temperature
  if (temperature !== undefined && temperature !== '') {
    const value = Number(temperature)
    if (!Number.isFinite(value) || value < 0 || value > 1) return `${name}.temperature must be a number from 0 to 1`
  }
  return undefined
}
