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

/**
 * The first inputs of the flow, in node order, that the flow lets an API caller override (its
 * Security setting), each once by name (overrideConfig is keyed by input name), with a value to show
 * in the example. None when overrides are off: the server would refuse them.
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
      if (!isParamEnabled(setting, node.data.label, param.name) || overrideLockOf(param, usesCredential(node.data)))
        continue
      found.set(param.name, { name: param.name, value: exampleValue(param, node.data.inputs?.[param.name]) })
    }
  }
  return [...found.values()]
}

// The node's own value where it is a plain value of the right type: the example then works as is.
function exampleValue(param: InputParam, current: unknown): unknown {
  const chosen = current ?? param.default
  switch (param.type) {
    case 'number':
      return toNumber(chosen) ?? 1
    case 'boolean':
      return typeof chosen === 'boolean' ? chosen : true
    case 'options': {
      const names = (param.options ?? []).map((option) => option.name)
      return typeof chosen === 'string' && names.includes(chosen) ? chosen : (names[0] ?? 'example')
    }
    case 'json':
      return {}
    default:
      return 'example'
  }
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value !== 'string' || value.trim() === '') return undefined
  const number = Number(value)
  return Number.isFinite(number) ? number : undefined
}
