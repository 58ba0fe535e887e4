import type { ChatTurn } from '@weft/core'

/** What `{{ }}` and `$` variables in a node's text params stand for during one run. */
export interface TextVariables {
  question: string
  history: readonly ChatTurn[]
  vars: Readonly<Record<string, string>>
  flow: { chatflowId: string; chatId: string; sessionId: string }
  /** Values set by Set Variable so far in this run. */
  state: ReadonlyMap<string, unknown>
  /** The value of a node built earlier in this run, for `{{<nodeId>.data.instance}}` inside text. */
  nodeValue: (nodeId: string) => unknown
}

// One pass over the original text: a value put in (the question, a variable) is never scanned again,
// so a question that contains "$vars.secret" cannot pull a variable into the prompt.
const VARIABLE = /\{\{\s*([^{}]+?)\s*\}\}|\$(?:vars|flow)\.[A-Za-z_]\w*(?:\.[A-Za-z_][\w-]*)?/g

/** The history as a transcript: one "Human: …" or "AI: …" line per turn. */
export function formatChatHistory(history: readonly ChatTurn[]): string {
  return history.map((turn) => `${turn.role === 'userMessage' ? 'Human' : 'AI'}: ${turn.content}`).join('\n')
}

/** A value as it reads inside text: strings as they are, other data as JSON. */
export function valueAsText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined || value === null) return ''
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  try {
    return JSON.stringify(value) ?? ''
  } catch {
    return String(value)
  }
}

/**
 * Replaces `{{question}}`, `{{chat_history}}`, `$vars.<name>`, `$flow.chatflowId|chatId|sessionId|input`,
 * `$flow.state.<key>` (bare or inside `{{ }}`) and `{{<nodeId>.data.instance}}` in a text. A variable
 * that names nothing known stays as written, so the user sees what did not resolve.
 */
export function substituteVariables(text: string, variables: TextVariables): string {
  if (!text.includes('{{') && !text.includes('$')) return text
  return text.replace(VARIABLE, (match: string, braced: string | undefined) => {
    const value = lookUp(braced ?? match, variables)
    return value === undefined ? match : value
  })
}

function lookUp(expression: string, variables: TextVariables): string | undefined {
  if (expression === 'question') return variables.question
  if (expression === 'chat_history') return formatChatHistory(variables.history)
  const [head, name, ...rest] = expression.split('.')
  if (head === '$vars' && name && rest.length === 0) return variables.vars[name]
  if (head === '$flow' && name === 'state' && rest.length === 1) {
    return variables.state.has(rest[0]!) ? valueAsText(variables.state.get(rest[0]!)) : undefined
  }
  if (head === '$flow' && rest.length === 0) {
    if (name === 'input') return variables.question
    if (name === 'chatflowId' || name === 'chatId' || name === 'sessionId') return variables.flow[name]
    return undefined
  }
  if (name === 'data' && rest.join('.') === 'instance' && head) {
    const value = variables.nodeValue(head)
    return value === undefined ? undefined : valueAsText(value)
  }
  return undefined
}
