// The rules of an agentflow Condition step: each row compares two values of one type; the step takes
// the output of the first rule that holds, or Else. Values arrive with their `{{ }}` references
// resolved, mostly as text, so numbers and booleans are read from text here, and a value that is not
// one fails the step with a message naming the rule and the value instead of silently comparing NaN.

/** One row of the Condition step's `conditions` input, as the canvas stores it. */
export interface ConditionStepRule {
  type?: unknown
  value1?: unknown
  operation?: unknown
  value2?: unknown
}

export type ConditionValueType = 'string' | 'number' | 'boolean'

/** What the Condition step records: every output in anchor order, the taken one fulfilled. */
export interface ConditionOutcome {
  /** The index of the output anchor to follow: the first rule that holds, or `rules.length` (Else). */
  taken: number
  conditions: Array<{ output: string; isFulfilled: boolean }>
}

/** The label of output anchor `index` of a Condition step with `ruleCount` rules (as the canvas draws it). */
export const conditionOutputLabel = (index: number, ruleCount: number): string =>
  index >= ruleCount ? 'Else' : `Condition ${index}`

/** A value as the text a rule compares: text as it is, nothing as empty, anything else as JSON. */
export function conditionValueText(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value) ?? ''
}

const isBlank = (text: string) => text.trim() === ''

type Side = 'Value 1' | 'Value 2'

const quoted = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)

function readNumber(value: unknown, side: Side, rule: string): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  const text = conditionValueText(value).trim()
  const number = text === '' ? NaN : Number(text)
  if (!Number.isFinite(number)) throw new Error(`${rule}: ${side} is ${quoted(text)}, which is not a number.`)
  return number
}

function readBoolean(value: unknown, side: Side, rule: string): boolean {
  if (typeof value === 'boolean') return value
  const text = conditionValueText(value).trim().toLowerCase()
  if (text === 'true') return true
  if (text === 'false') return false
  throw new Error(`${rule}: ${side} is ${quoted(conditionValueText(value))}, which is not true or false.`)
}

function readRegex(pattern: string, rule: string): RegExp {
  try {
    return new RegExp(pattern)
  } catch (error) {
    throw new Error(`${rule}: the regex ${quoted(pattern)} is not valid: ${(error as Error).message}`, { cause: error })
  }
}

type Test<T> = (a: T, b: T, rule: string) => boolean

const STRING_TESTS: Record<string, Test<string>> = {
  contains: (a, b) => a.includes(b),
  endsWith: (a, b) => a.endsWith(b),
  equal: (a, b) => a === b,
  notContains: (a, b) => !a.includes(b),
  notEqual: (a, b) => a !== b,
  regex: (a, b, rule) => readRegex(b, rule).test(a),
  startsWith: (a, b) => a.startsWith(b),
}

const NUMBER_TESTS: Record<string, Test<number>> = {
  equal: (a, b) => a === b,
  notEqual: (a, b) => a !== b,
  larger: (a, b) => a > b,
  largerEqual: (a, b) => a >= b,
  smaller: (a, b) => a < b,
  smallerEqual: (a, b) => a <= b,
}

const BOOLEAN_TESTS: Record<string, Test<boolean>> = {
  equal: (a, b) => a === b,
  notEqual: (a, b) => a !== b,
}

const EMPTINESS = ['isEmpty', 'notEmpty']

/** The operations of each value type, by the names the Condition step's descriptor gives them. */
export const CONDITION_OPERATIONS: Readonly<Record<ConditionValueType, readonly string[]>> = {
  string: [...Object.keys(STRING_TESTS), ...EMPTINESS],
  number: [...Object.keys(NUMBER_TESTS), ...EMPTINESS],
  boolean: [...Object.keys(BOOLEAN_TESTS), ...EMPTINESS],
}

const isValueType = (type: string): type is ConditionValueType => Object.hasOwn(CONDITION_OPERATIONS, type)

/**
 * Whether one rule holds. `name` names the rule in errors ("Condition 0"). The type defaults to
 * string and the operation to equal, as the descriptor does. Empty means no text or only spaces.
 * Throws for an unknown type or operation, a number or boolean that is not one, an invalid regex.
 */
export function isConditionFulfilled(rule: ConditionStepRule, name = 'The condition'): boolean {
  const type = conditionValueText(rule.type) || 'string'
  if (!isValueType(type)) throw new Error(`${name}: the type ${quoted(type)} is not string, number or boolean.`)
  const operation = conditionValueText(rule.operation) || 'equal'
  const operations: readonly string[] = CONDITION_OPERATIONS[type]
  if (!operations.includes(operation)) {
    throw new Error(
      `${name}: ${quoted(operation)} is not an operation for ${type}s; use one of ${operations.join(', ')}.`,
    )
  }
  if (operation === 'isEmpty') return isBlank(conditionValueText(rule.value1))
  if (operation === 'notEmpty') return !isBlank(conditionValueText(rule.value1))
  if (type === 'number') {
    return NUMBER_TESTS[operation]!(
      readNumber(rule.value1, 'Value 1', name),
      readNumber(rule.value2, 'Value 2', name),
      name,
    )
  }
  if (type === 'boolean') {
    return BOOLEAN_TESTS[operation]!(
      readBoolean(rule.value1, 'Value 1', name),
      readBoolean(rule.value2, 'Value 2', name),
      name,
    )
  }
  return STRING_TESTS[operation]!(conditionValueText(rule.value1), conditionValueText(rule.value2), name)
}

/**
 * The output a Condition step takes: the first rule that holds (rules after it are not evaluated,
 * so a broken later rule cannot fail a run that never needed it), else the Else output after the rules.
 */
export function evaluateConditionRules(rules: readonly ConditionStepRule[]): ConditionOutcome {
  let taken = rules.findIndex((rule, index) => isConditionFulfilled(rule, conditionOutputLabel(index, rules.length)))
  if (taken === -1) taken = rules.length
  const conditions = Array.from({ length: rules.length + 1 }, (_, index) => ({
    output: conditionOutputLabel(index, rules.length),
    isFulfilled: index === taken,
  }))
  return { taken, conditions }
}
