import type { ChatTurn, StepOutput } from '@weft/core'
import { formatChatHistory, valueAsText } from '../chatflow/substitute-variables.js'

/** What `{{ }}` references in a step's inputs stand for when the step runs. */
export interface ReferenceScope {
  question: string
  form?: Record<string, unknown>
  history: readonly ChatTurn[]
  state: Readonly<Record<string, unknown>>
  vars: Readonly<Record<string, string>>
  flow: { chatflowId: string; chatId: string; sessionId: string; executionId: string }
  /** The latest output of each finished step. */
  outputs: Readonly<Record<string, StepOutput>>
  iterationItem?: unknown
  /** The output of the step itself: only in its Update Flow State values (`{{ output }}`). */
  output?: StepOutput
}

const REFERENCE = /\{\{\s*([^{}]+?)\s*\}\}/g

/**
 * Replaces every `{{ }}` reference in a text: `question`, `chat_history`, `current_date_time`, `$flow.state.<key>`,
 * `$flow.chatId|sessionId|chatflowId|executionId|input`, `$vars.<name>`, `$form.<field>`,
 * `$iteration` (and `$iteration.<key>`), `<nodeId>` (that step's output text) and
 * `<nodeId>.<key>` (a key of its output, e.g. a structured output's field), and in Update Flow
 * State values `output` and `output.<key>`. One pass: a value put in is never scanned again, so a
 * question that contains "{{ $vars.secret }}" reads as written. An unknown reference stays as written.
 */
export function resolveText(text: string, scope: ReferenceScope): string {
  if (!text.includes('{{')) return text
  return text.replace(REFERENCE, (match: string, expression: string) => {
    const value = lookUp(expression.trim(), scope)
    return value === undefined ? match : valueAsText(value)
  })
}

/** `resolveText` through every string of a value (rows of a table, a JSON object), keeping its shape. */
export function resolveValue(value: unknown, scope: ReferenceScope): unknown {
  if (typeof value === 'string') return resolveText(value, scope)
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, scope))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveValue(item, scope)]))
  }
  return value
}

function lookUp(expression: string, scope: ReferenceScope): unknown {
  if (expression === 'question' || expression === '$flow.input') return scope.question
  if (expression === 'chat_history') return formatChatHistory(scope.history)
  // Flowise's built-in: the time the step runs, as an ISO 8601 UTC text.
  if (expression === 'current_date_time') return new Date().toISOString()
  const [head, ...path] = expression.split('.')
  if (!head) return undefined
  switch (head) {
    case '$flow':
      if (path[0] === 'state' && path.length >= 2) return dig(scope.state[path[1]!], path.slice(2))
      if (path.length === 1 && path[0]! in scope.flow) return scope.flow[path[0] as keyof ReferenceScope['flow']]
      return undefined
    case '$vars':
      return path.length === 1 ? scope.vars[path[0]!] : undefined
    case '$form':
      return scope.form && path.length >= 1 ? dig(scope.form[path[0]!], path.slice(1)) : undefined
    case '$iteration':
      return scope.iterationItem === undefined ? undefined : dig(scope.iterationItem, path)
    case 'output':
      return scope.output ? outputValue(scope.output, path) : undefined
    default: {
      const output = Object.hasOwn(scope.outputs, head) ? scope.outputs[head] : undefined
      return output ? outputValue(output, path[0] === 'output' ? path.slice(1) : path) : undefined
    }
  }
}

/** A step's output: its text, or a key of it (a structured output's field, `content`, …). */
function outputValue(output: StepOutput, path: string[]): unknown {
  if (path.length === 0) return output.content ?? ''
  return dig(output, path)
}

function dig(value: unknown, path: string[]): unknown {
  let current = value
  for (const key of path) {
    if (typeof current === 'string') {
      try {
        current = JSON.parse(current) as unknown
      } catch {
        return undefined
      }
    }
    if (!current || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}
