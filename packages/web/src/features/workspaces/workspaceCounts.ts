import type { WorkspaceCounts } from '@weft/core'

/** Each count's noun, singular and plural, in the order a summary names them. */
const NOUNS: [keyof WorkspaceCounts, string, string][] = [
  ['chatflows', 'chatflow', 'chatflows'],
  ['agentflows', 'agentflow', 'agentflows'],
  ['assistants', 'assistant', 'assistants'],
  ['credentials', 'credential', 'credentials'],
  ['variables', 'variable', 'variables'],
  ['tools', 'tool', 'tools'],
  ['apiKeys', 'API key', 'API keys'],
  ['documentStores', 'document store', 'document stores'],
  ['customTemplates', 'custom template', 'custom templates'],
  ['executions', 'execution', 'executions'],
  ['chatMessages', 'chat message', 'chat messages'],
]

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The non-zero counts in words: ["3 chatflows", "1 credential"]. */
export function countParts(counts: WorkspaceCounts): string[] {
  return NOUNS.filter(([key]) => counts[key] > 0).map(([key, one, many]) => plural(counts[key], one, many))
}

/** "a, b and c". */
export function listInWords(parts: string[]): string {
  if (parts.length <= 1) return parts.join('')
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}

/** The confirm before deleting a workspace: what goes with it, by count. */
export function deleteDescription(name: string, counts: WorkspaceCounts, members: number): string {
  const parts = countParts(counts)
  const holds = parts.length > 0 ? `This deletes ${listInWords(parts)} in it.` : 'It holds nothing yet.'
  const people = members > 0 ? ` ${plural(members, 'member loses', 'members lose')} access to it.` : ''
  return `Delete '${name}'? ${holds}${people} This cannot be undone.`
}
