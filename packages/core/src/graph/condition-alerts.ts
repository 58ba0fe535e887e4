import { codeTokens } from './code-tokens.js'
import { parseRows } from './parse-rows.js'

/** SPEC §3 "Condition rule". */
export interface ConditionRule {
  variable?: string
  output?: string
  operation?: string
  value?: string
}

/** SPEC §5, word for word. */
export const CONDITION_ALERTS = {
  noRules: 'Please add an item for the condition.',
  variable: 'Please specify a Variable. Try connecting Condition node to a previous node and select the variable',
  output: 'Please specify an Output Name',
  operation: 'Please select an operation for the condition',
  returnStatement:
    'Please add a return statement in the condition code to define the output. You can refer to How to Use for more information.',
} as const

/**
 * SPEC §5: the first alert for a condition node's rules, or null when they are complete. Rules are
 * checked in order, each for its variable, output name and operation. Agentflow V2 conditions have
 * numbered outputs, so they pass `requireOutput: false`.
 */
export function conditionRulesAlert(
  rules: readonly ConditionRule[],
  options: { requireOutput?: boolean } = {},
): string | null {
  if (rules.length === 0) return CONDITION_ALERTS.noRules
  const requireOutput = options.requireOutput ?? true
  for (const rule of rules) {
    if (isBlank(rule.variable)) return CONDITION_ALERTS.variable
    if (requireOutput && isBlank(rule.output)) return CONDITION_ALERTS.output
    if (isBlank(rule.operation)) return CONDITION_ALERTS.operation
  }
  return null
}

/** SPEC §5: condition code must return its output; a `return` in a comment or a string does not count. */
export function conditionCodeAlert(code: string): string | null {
  const hasReturn = codeTokens(code).some((token) => token.kind === 'code' && /\breturn\b/.test(token.text))
  return hasReturn ? null : CONDITION_ALERTS.returnStatement
}

/**
 * An agentflow V2 condition's rows (`{ type, value1, operation, value2 }`, as data or JSON text) as
 * condition rules, so the SPEC §5 alerts apply to them too: value1 is the variable compared.
 */
export function agentflowConditionRules(conditions: unknown): ConditionRule[] {
  return parseRows(conditions).map((row) => ({ variable: textOf(row.value1), operation: textOf(row.operation) }))
}

function textOf(value: unknown): string {
  return value === undefined || value === null ? '' : String(value)
}

function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === ''
}
