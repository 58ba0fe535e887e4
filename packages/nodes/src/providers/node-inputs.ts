import { failure, flowiseNamesOf, imageDetailOf } from '@weft/core'
import type { ChatModel, ChatSettings } from './chat-model.js'

// Node inputs arrive as the canvas saved them: numbers and booleans are often strings, blanks are
// empty strings. These readers turn them into values or undefined, in one place for every provider.

export function readString(value: unknown): string | undefined {
  if (typeof value !== 'string') return typeof value === 'number' ? String(value) : undefined
  const trimmed = value.trim()
  return trimmed === '' ? undefined : trimmed
}

export function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  const text = readString(value)
  if (text === undefined) return undefined
  const number = Number(text)
  return Number.isFinite(number) ? number : undefined
}

export function readBoolean(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value
  if (value === 'true') return true
  if (value === 'false') return false
  return fallback
}

/** The `baseOptions` JSON input; only its `headers` are used, as extra headers on every call. */
export function readHeaders(value: unknown, nodeLabel: string): Record<string, string> | undefined {
  let options: unknown = value
  if (typeof value === 'string') {
    if (value.trim() === '') return undefined
    try {
      options = JSON.parse(value)
    } catch {
      throw new Error(`${nodeLabel}: Base Options is not valid JSON`)
    }
  }
  if (typeof options !== 'object' || options === null) return undefined
  const headers = (options as { headers?: unknown }).headers
  if (typeof headers !== 'object' || headers === null) return undefined
  return Object.fromEntries(Object.entries(headers).map(([name, header]) => [name, String(header)]))
}

/**
 * The address of the server a node names (its Base Path, its Base URL) under our input `name` or any
 * name Flowise saves it under (`basepath`). The engine and the canvas map Flowise's spellings
 * already; every provider and load method reads the address here too, so no way to a provider can
 * lose it and fall back to the provider's public address.
 */
export function readServerAddress(inputs: Record<string, unknown>, name: string): string | undefined {
  for (const spelling of [name, ...flowiseNamesOf(name)]) {
    const address = readString(inputs[spelling])
    if (address !== undefined) return address
  }
  return undefined
}

/** The Base Path input of the OpenAI, OpenAI-compatible and Anthropic nodes. */
export const readBasePath = (inputs: Record<string, unknown>): string | undefined =>
  readServerAddress(inputs, 'basePath')

/** Removes a trailing slash so paths can be appended. */
export const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '')

/** The sampling settings every chat model node shares; `maxTokensInput` names its Max Tokens input. */
export function readChatSettings(inputs: Record<string, unknown>, maxTokensInput = 'maxTokens'): ChatSettings {
  return {
    temperature: readNumber(inputs.temperature),
    maxOutputTokens: readNumber(inputs[maxTokensInput]),
    topP: readNumber(inputs.topP),
    topK: readNumber(inputs.topK),
    frequencyPenalty: readNumber(inputs.frequencyPenalty),
    presencePenalty: readNumber(inputs.presencePenalty),
    timeoutMs: readNumber(inputs.timeout),
  }
}

/** The Streaming switch, on unless turned off. */
export const readStreaming = (inputs: Record<string, unknown>): boolean => readBoolean(inputs.streaming, true)

/** A credential field that must be there, with an error that says where to set it. */
export function requireCredential(
  credential: Record<string, string> | undefined,
  field: string,
  what: { nodeLabel: string; secret: string },
): string {
  const value = readString(credential?.[field])
  if (value === undefined) {
    throw failure('configuration', `${what.nodeLabel} needs ${what.secret}: choose a credential in Connect Credential`)
  }
  return value
}

/**
 * What a chat model node's Allow Image Uploads makes of it: undefined when off; with the node's
 * Image Resolution as detail for the providers that read one (`withDetail`).
 */
export function readImageInput(inputs: Record<string, unknown>, withDetail: boolean): ChatModel['images'] {
  if (!readBoolean(inputs.allowImageUploads, false)) return undefined
  return withDetail ? { detail: imageDetailOf(inputs.imageResolution) } : {}
}
