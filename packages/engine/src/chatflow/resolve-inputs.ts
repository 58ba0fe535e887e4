import type { InputParam } from '@weft/core'
import { wholeReference } from './node-reference.js'
import { substituteVariables, type TextVariables } from './substitute-variables.js'

/**
 * The values a node's `run` receives: a connection `{{<nodeId>.data.instance}}` becomes that node's
 * built value (a list anchor's array becomes an array of values), and the variables of text params
 * are substituted. Code params are left as written: their `$vars` and `$flow` are the sandbox's.
 * A JSON param written as text is substituted value by value, so a question with quotes in it
 * keeps the JSON valid.
 */
export function resolveInputs(
  inputs: Record<string, unknown>,
  params: readonly InputParam[],
  variables: TextVariables,
): Record<string, unknown> {
  const types = new Map(params.map((param) => [param.name, param.type]))
  const resolved: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(inputs)) {
    const type = types.get(name)
    if (type === 'code') resolved[name] = value
    else if (type === 'json' && typeof value === 'string') resolved[name] = resolveJsonText(value, variables)
    else resolved[name] = resolveValue(value, variables)
  }
  return resolved
}

function resolveValue(value: unknown, variables: TextVariables): unknown {
  if (typeof value === 'string') {
    const nodeId = wholeReference(value)
    return nodeId === undefined ? substituteVariables(value, variables) : variables.nodeValue(nodeId)
  }
  if (Array.isArray(value)) {
    // A connection to a node that is gone resolves to nothing and is left out of the list.
    return value.map((item) => resolveValue(item, variables)).filter((item) => item !== undefined)
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveValue(item, variables)]))
  }
  return value
}

function resolveJsonText(text: string, variables: TextVariables): unknown {
  if (wholeReference(text) !== undefined) return resolveValue(text, variables)
  const parsed = parseJsonObject(text)
  return parsed === undefined ? substituteVariables(text, variables) : JSON.stringify(resolveValue(parsed, variables))
}

function parseJsonObject(text: string): object | undefined {
  // Most JSON params are left empty: a text that cannot hold an object or array is not parsed, as
  // a thrown SyntaxError (with its stack) cost about 1.4 % of a chatflow run's CPU.
  const first = text.trimStart()[0]
  if (first !== '{' && first !== '[') return undefined
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed !== null && typeof parsed === 'object' ? parsed : undefined
  } catch {
    return undefined
  }
}
