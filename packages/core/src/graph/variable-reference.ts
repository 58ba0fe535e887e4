import type { FlowNodeData, InputParam } from '../types/node.js'
import { templateVariables } from './template-variables.js'

// A connection into a variable param (`acceptVariable`) is kept in the param's own value, where the
// user sees and edits it: appended to text, or under a key of a JSON object (Format Prompt Values).

/** The text a connected chatflow input holds: the source node's built instance. */
export function instanceReference(nodeId: string): string {
  return `{{${nodeId}.data.instance}}`
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Matches a reference to one of `ids` as written by hand or by `addEdge` (spaces inside allowed). */
function referencePattern(ids: ReadonlySet<string>): string {
  return `\\{\\{\\s*(?:${[...ids].map(escape).join('|')})\\.data\\.instance\\s*\\}\\}`
}

/**
 * The value of a variable param once `source` is connected to it. Text (`string`, `code`) gets the
 * reference appended after a space; a `json` param gets a key: the first `{variable}` of the node's
 * text params that has no value yet, else the source node's id. JSON written as text stays text.
 * A value that already holds the reference, or JSON text that does not parse, is left as it is.
 */
export function connectVariable(data: FlowNodeData, param: InputParam, source: string): unknown {
  const value = data.inputs[param.name]
  const reference = instanceReference(source)
  if (param.type !== 'json') {
    const text = typeof value === 'string' ? value : ''
    if (text.includes(reference)) return value
    return text.trim() === '' ? reference : `${text} ${reference}`
  }
  const object = readJsonObject(value)
  if (!object) return value
  if (Object.values(object).includes(reference)) return value
  const given = (name: string) => Object.hasOwn(object, name) && !isBlank(object[name])
  const key = templateNames(data, param).find((name) => !given(name)) ?? source
  return writeLike(value, { ...object, [key]: reference })
}

/**
 * The value of a variable param with the references to `ids` taken out: from text with the space
 * `connectVariable` put before it, from JSON by removing each key whose value is exactly one.
 */
export function disconnectVariable(value: unknown, param: InputParam, ids: ReadonlySet<string>): unknown {
  if (ids.size === 0) return value
  const pattern = referencePattern(ids)
  if (param.type !== 'json') {
    if (typeof value !== 'string') return value
    const removed = value.replace(new RegExp(`^${pattern} ?`), '').replace(new RegExp(` ?${pattern}`, 'g'), '')
    return removed === value ? value : removed
  }
  const object = readJsonObject(value)
  if (!object) return value
  const whole = new RegExp(`^${pattern}$`)
  const kept = Object.entries(object).filter(([, item]) => !(typeof item === 'string' && whole.test(item)))
  if (kept.length === Object.keys(object).length) return value
  return writeLike(value, Object.fromEntries(kept))
}

/** The `{variables}` of the node's other text params (a prompt's template), in order. */
function templateNames(data: FlowNodeData, param: InputParam): string[] {
  const texts = data.inputParams
    .filter((other) => other.type === 'string' && other.name !== param.name)
    .map((other) => data.inputs[other.name])
    .filter((text): text is string => typeof text === 'string')
  return [...new Set(texts.flatMap(templateVariables))]
}

/** A JSON param's value as an object: an object, JSON object text, or empty (blank or unset). */
function readJsonObject(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return {}
  if (typeof value === 'string') {
    if (value.trim() === '') return {}
    try {
      const parsed: unknown = JSON.parse(value)
      return isPlainObject(parsed) ? parsed : undefined
    } catch {
      return undefined
    }
  }
  return isPlainObject(value) ? value : undefined
}

/** Back in the form the value had: text stays text (blank when nothing is left), an object an object. */
function writeLike(previous: unknown, object: Record<string, unknown>): unknown {
  if (typeof previous === 'string' || previous === undefined || previous === null) {
    return Object.keys(object).length === 0 ? '' : JSON.stringify(object, null, 2)
  }
  return object
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}
