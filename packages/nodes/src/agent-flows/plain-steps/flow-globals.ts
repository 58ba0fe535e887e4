import { dollarGlobals } from '../../runtime/flow-globals.js'
import type { StepContext } from '../step.js'
import { namedRows } from './rows.js'

// What user code in an agentflow step reads besides its own variables.

/** `$flow` and `$vars` for user code run by a step, as Flowise's agentflow functions name them. */
export function stepFlowGlobals({ run, state }: StepContext): Record<string, unknown> {
  return {
    $flow: { chatId: run.chatId, sessionId: run.sessionId, chatflowId: run.flowId, input: run.question, state },
    $vars: run.vars,
  }
}

const RESERVED = new Set(['flow', 'vars', '$flow', '$vars'])

/**
 * Rows `{ variableName, variableValue }` as `$<variableName>` globals. `flow` and `vars` are refused:
 * they would hide `$flow` and `$vars`.
 */
export function stepVariableGlobals(raw: unknown, inputLabel: string): Record<string, unknown> {
  const rows = namedRows(raw, inputLabel, 'variableName', 'Variable Name')
  const reserved = rows.find(({ name }) => RESERVED.has(name))
  if (reserved) throw new Error(`${inputLabel}: "${reserved.name}" would hide $flow or $vars; choose another name.`)
  return dollarGlobals(Object.fromEntries(rows.map(({ name, row }) => [name, row.variableValue ?? ''])), inputLabel)
}
