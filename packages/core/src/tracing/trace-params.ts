import { overrideLockOf, paramNameWords } from '../overrides/override-locks.js'
import type { InputParam } from '../types/node.js'

/** Longest value a trace attribute shows of a param or a message; longer ones are cut. */
export const TRACE_VALUE_MAX = 500

/** Words of a param name that say it holds a secret even when its type does not (`apiKey`, `accessToken`). */
const SECRET_WORDS = new Set([
  'key',
  'apikey',
  'secret',
  'token',
  'password',
  'passwd',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'bearer',
  'cookie',
  'signature',
])

/** Cuts `text` to at most `max` characters, marking the cut with an ellipsis. */
export function truncateForTrace(text: string, max = TRACE_VALUE_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/**
 * Whether a trace may show a param's value: a plain setting (model name, temperature, template),
 * never a secret, credential, file, folder or code param, never a connection, and never a param
 * that says where requests go or what they carry (URLs, headers, JSON), which can hold tokens.
 */
export function isTraceableParam(param: Pick<InputParam, 'name' | 'type'>): boolean {
  if (overrideLockOf(param, true) !== undefined) return false
  return !paramNameWords(param.name).some((word) => SECRET_WORDS.has(word))
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value) || (typeof value === 'object' && value !== null)) return JSON.stringify(value)
  return undefined
}

/**
 * A node's settings as a trace may show them: the saved values of its traceable params by name,
 * as text cut to `max` characters. Values are the saved ones, before `$vars` are filled in, so a
 * variable's value never reaches a trace.
 */
export function traceableParams(
  params: readonly Pick<InputParam, 'name' | 'type'>[],
  inputs: Record<string, unknown>,
  max = TRACE_VALUE_MAX,
): Record<string, string> {
  const shown: Record<string, string> = {}
  for (const param of params) {
    if (!isTraceableParam(param)) continue
    const text = textOf(inputs[param.name])
    if (text !== undefined) shown[param.name] = truncateForTrace(text, max)
  }
  return shown
}
