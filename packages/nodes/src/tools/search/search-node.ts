import { failure } from '@weft/core'
import type { NodeRunContext } from '../../define-node.js'

/** The credential's field, or an error naming the credential to connect. */
export function requireKey(context: NodeRunContext, field: string, credentialLabel: string): string {
  const key = context.credential?.[field]?.trim()
  if (!key)
    throw failure('configuration', `Connect Credential: choose a ${credentialLabel} credential with its API key.`)
  return key
}

/** The search tools' common descriptor parts: Flowise's base classes for a LangChain tool. */
export const toolClasses = (type: string): string[] => [type, 'Tool', 'StructuredTool', 'Runnable']

/** A boolean param, stored as a boolean or as text. */
export const isOn = (value: unknown): boolean => value === true || value === 'true'

/** A comma-separated param as a list of its trimmed, non-empty parts. */
export const readCommaList = (value: string): string[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
