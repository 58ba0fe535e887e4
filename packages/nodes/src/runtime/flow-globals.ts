import type { RunScope } from '../define-node.js'
import { readJsonObject } from './read-input.js'

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** What of a run user code can read; a tool tried out of any flow gives empty ids. */
export type FlowGlobalsScope = Pick<RunScope, 'vars' | 'flowId' | 'chatId' | 'sessionId' | 'question' | 'flowState'>

/** What user code can read about the run: `$vars` (workspace variables) and `$flow`. */
export function flowGlobals(scope: FlowGlobalsScope): Record<string, unknown> {
  return {
    $vars: scope.vars,
    $flow: {
      chatflowId: scope.flowId,
      chatId: scope.chatId,
      sessionId: scope.sessionId,
      input: scope.question,
      state: Object.fromEntries(scope.flowState),
    },
  }
}

/**
 * Values as `$<name>` globals for user code (`city` → `$city`). Names must be identifiers so the
 * code can write them; the error lists the ones that are not.
 */
export function dollarGlobals(values: Record<string, unknown>, label: string): Record<string, unknown> {
  const bad = Object.keys(values).filter((name) => !IDENTIFIER.test(name))
  if (bad.length) {
    throw new Error(
      `${label}: ${bad.map((name) => `"${name}"`).join(', ')} cannot be used as $name: use letters, digits and _.`,
    )
  }
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name.startsWith('$') ? name : `$${name}`, value]),
  )
}

/** The Input Variables of a function node as `$<name>` globals. */
export const inputVariableGlobals = (raw: unknown) =>
  dollarGlobals(readJsonObject(raw, 'Input Variables'), 'Input Variables')
