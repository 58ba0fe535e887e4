import {
  isParamEnabled,
  overrideLockOf,
  usesCredential,
  type FlowData,
  type InputParam,
  type OverrideConfigSetting,
} from '@weft/core'

/** SPEC §9: example code generators show at most 4 inputs. */
export const MAX_EXAMPLE_INPUTS = 4

/** One entry of an example `overrideConfig`: an input name and a value of its type. */
export interface ExampleInput {
  name: string
  value: unknown
}

// Inputs a caller can set with a plain JSON value; secrets, files, pickers and anchors are left out.
const OVERRIDABLE_TYPES = new Set(['string', 'number', 'boolean', 'options', 'json'])

// Run options with the same name as a param: they go at the top of the request (`streaming`) or
// name the conversation (`sessionId`), never as an example override.
const RUN_OPTIONS = new Set(['streaming', 'sessionId'])

/**
 * The first inputs of the flow, in node order, that the flow lets an API caller override (its
 * Security setting), each once by name (overrideConfig is keyed by input name), with the value the
 * node holds, so the example runs as shown. None when overrides are off: the server would refuse
 * them. An input with no value of its type is left out rather than shown with a made-up one.
 */
export function exampleInputs(
  flow: FlowData,
  setting: OverrideConfigSetting,
  max = MAX_EXAMPLE_INPUTS,
): ExampleInput[] {
  const found = new Map<string, ExampleInput>()
  for (const node of flow.nodes) {
    if (node.type === 'stickyNote') continue
    for (const param of node.data.inputParams ?? []) {
      if (found.size === max) return [...found.values()]
      if (!OVERRIDABLE_TYPES.has(param.type) || param.display === false || found.has(param.name)) continue
      if (RUN_OPTIONS.has(param.name)) continue
      if (!isParamEnabled(setting, node.data.label, param.name) || overrideLockOf(param, usesCredential(node.data)))
        continue
      const value = exampleValue(param, node.data.inputs?.[param.name])
      if (value !== undefined) found.set(param.name, { name: param.name, value })
    }
  }
  return [...found.values()]
}

/** The node's own value (or the param's default) when it is a plain value of the right type. */
function exampleValue(param: InputParam, current: unknown): unknown {
  const chosen = current === undefined || current === '' ? param.default : current
  switch (param.type) {
    case 'number':
      return toNumber(chosen)
    case 'boolean':
      return typeof chosen === 'boolean' ? chosen : undefined
    case 'options': {
      const names = (param.options ?? []).map((option) => option.name)
      return typeof chosen === 'string' && names.includes(chosen) ? chosen : undefined
    }
    case 'json':
      return jsonObject(chosen)
    default:
      return typeof chosen === 'string' && chosen.trim() !== '' ? chosen : undefined
  }
}

function jsonObject(value: unknown): unknown {
  if (typeof value === 'object' && value !== null) return value
  if (typeof value !== 'string' || value.trim() === '') return undefined
  try {
    const parsed: unknown = JSON.parse(value)
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined
  } catch {
    return undefined
  }
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value !== 'string' || value.trim() === '') return undefined
  const number = Number(value)
  return Number.isFinite(number) ? number : undefined
}
