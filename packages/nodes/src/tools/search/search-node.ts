import { failure } from '@weft/core'
import type { NodeRunContext } from '../../define-node.js'
import type { Tool } from '../../providers/chat-model.js'
import { cutToPrompt } from '../send-request.js'
import { QUERY_SCHEMA, readQuery } from './search-request.js'

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

/**
 * The `search` tool a Google search service gives an agent (Serp API, Serper): a query in, the
 * text `search` answers out.
 */
export const googleSearchTool = (search: (query: string, signal: AbortSignal) => Promise<string>): Tool => ({
  kind: 'tool',
  name: 'search',
  description:
    'A search engine. Use it to answer questions about current events. The input is a search query; the output is the top results.',
  inputSchema: QUERY_SCHEMA,
  execute: (input, signal) => search(readQuery(input), signal),
})

/** The results, after Google's direct answer when it showed one. */
export const withDirectAnswer = (direct: string | undefined, results: string): string =>
  direct ? cutToPrompt(`Answer: ${direct}\n\nResults: ${results}`) : results
