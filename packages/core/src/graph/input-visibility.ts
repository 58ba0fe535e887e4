import type { DisplayRule, FlowNodeData, InputParam } from '../types/node.js'
import { readInputPath } from './read-input-path.js'

/**
 * SPEC §4: does an input's value (`ground`) match a show/hide rule's value (`expected`)? Strings
 * match when equal or when the rule, read as a regular expression, finds the value; booleans and
 * numbers when equal (also to their text, as form fields store them); an array rule when any of its
 * elements matches; an array value (multiOptions, also as JSON text) when any element matches;
 * objects when deeply equal.
 */
export function matchesDisplayValue(ground: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) return expected.some((item) => matchesDisplayValue(ground, item))
  const groundList = asList(ground)
  if (groundList) return groundList.some((item) => matchesDisplayValue(item, expected))
  if (typeof expected === 'string') return matchesText(ground, expected)
  if (typeof expected === 'boolean') return ground === expected || String(ground) === String(expected)
  if (typeof expected === 'number') return ground === expected || (isNumericText(ground) && Number(ground) === expected)
  return isDeepEqual(ground, expected)
}

/**
 * SPEC §4: an input starts displayed; every `show` rule must match another input's value, and any
 * matching `hide` rule hides it. `index` is the array item an `array` param's field belongs to.
 */
export function isInputDisplayed(
  param: Pick<InputParam, 'show' | 'hide'>,
  inputs: Record<string, unknown>,
  index?: number,
): boolean {
  const matches = ([path, expected]: [string, unknown]) =>
    matchesDisplayValue(readInputPath(inputs, path, index), expected)
  if (param.show && !ruleEntries(param.show).every(matches)) return false
  if (param.hide && ruleEntries(param.hide).some(matches)) return false
  return true
}

/** Sets `display` on a node's params and anchors from its current inputs; call after every input change. */
export function applyInputVisibility(data: FlowNodeData): FlowNodeData {
  return {
    ...data,
    inputParams: data.inputParams.map((param) => ({ ...param, display: isInputDisplayed(param, data.inputs) })),
    inputAnchors: data.inputAnchors.map((anchor) => ({ ...anchor, display: isInputDisplayed(anchor, data.inputs) })),
  }
}

function ruleEntries(rule: DisplayRule): [string, unknown][] {
  return Object.entries(rule)
}

function matchesText(ground: unknown, expected: string): boolean {
  const text = ground === undefined || ground === null ? '' : String(ground)
  if (text === expected) return true
  try {
    return new RegExp(expected).test(text)
  } catch {
    return false
  }
}

function isNumericText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
}

function asList(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value
  if (typeof value !== 'string' || !value.trimStart().startsWith('[')) return undefined
  try {
    const parsed: unknown = JSON.parse(value)
    return Array.isArray(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const aKeys = Object.keys(a)
  const bKeys = Object.keys(b)
  if (aKeys.length !== bKeys.length) return false
  return aKeys.every(
    (key) =>
      Object.hasOwn(b, key) && isDeepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}
