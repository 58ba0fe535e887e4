import { looksLikeNodeId, PARAM_TYPES, type InputParam } from '@weft/core'

// Secrets, files on the server and code stay as the flow's author set them: an API caller must not
// swap in another credential, read a server path or run code of its own.
const NEVER_OVERRIDDEN = new Set(['password', 'credential', 'file', 'folder', 'code'])
const OVERRIDABLE = new Set<string>(PARAM_TYPES.filter((type) => !NEVER_OVERRIDDEN.has(type)))

/** Whether a call's `overrideConfig` may replace this input's value. Connections (anchors) never are. */
export function isOverridable(param: Pick<InputParam, 'type'>): boolean {
  return OVERRIDABLE.has(param.type)
}

/**
 * The node's inputs with the values of `overrideConfig` applied: a key names an input and overrides
 * it in every node that has it as an overridable param. A value that is an object keyed by node ids
 * (`{ "temperature": { "chatOpenAI_0": 0.2 } }`) overrides only those nodes. `vars` is not an input.
 */
export function applyOverrideConfig(
  nodeId: string,
  inputs: Record<string, unknown>,
  params: readonly InputParam[],
  overrideConfig: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (!overrideConfig) return inputs
  let result = inputs
  for (const param of params) {
    if (param.name === 'vars' || !isOverridable(param) || !Object.hasOwn(overrideConfig, param.name)) continue
    const value = overrideConfig[param.name]
    if (isPerNode(value)) {
      if (Object.hasOwn(value, nodeId)) result = { ...result, [param.name]: value[nodeId] }
    } else {
      result = { ...result, [param.name]: value }
    }
  }
  return result
}

/** `$vars` of the run: the workspace's, then those the call sends under `overrideConfig.vars`. */
export function overriddenVars(
  vars: Readonly<Record<string, string>>,
  overrideConfig: Record<string, unknown> | undefined,
): Record<string, string> {
  const sent = overrideConfig?.vars
  if (sent === null || typeof sent !== 'object' || Array.isArray(sent)) return { ...vars }
  const result = { ...vars }
  for (const [name, value] of Object.entries(sent)) {
    result[name] = typeof value === 'string' ? value : JSON.stringify(value)
  }
  return result
}

function isPerNode(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const keys = Object.keys(value)
  return keys.length > 0 && keys.every(looksLikeNodeId)
}
