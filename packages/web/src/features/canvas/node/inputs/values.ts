import type { InputOption } from '@weft/core'

// Saved flows (ours and Flowise's) hold some values as JSON text and some as data; fields read both.

/** The text a text-like field shows for a stored value. */
export function toText(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value, null, 2)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The chosen names of a multi-select: an array, or JSON text of one, or a single name. */
export function toNameList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  if (typeof value !== 'string' || value === '') return []
  const parsed = value.startsWith('[') ? parseJson(value) : undefined
  return Array.isArray(parsed) ? parsed.map(String) : [value]
}

export const isChecked = (value: unknown): boolean => value === true || value === 'true'

export const optionLabel = (options: readonly InputOption[] | undefined, name: string): string =>
  options?.find((option) => option.name === name)?.label ?? name

/** The parse error of a JSON field's text, or null when it parses (or is empty). */
export function jsonError(text: string): string | null {
  if (text.trim() === '') return null
  try {
    JSON.parse(text)
    return null
  } catch (error) {
    return error instanceof Error ? error.message : 'Invalid JSON'
  }
}
